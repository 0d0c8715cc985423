/**
 * The response bodies of the service, typed by the spec's generated types: a field the spec
 * renames or removes breaks the compile here, where the simulator must follow.
 */
import {
  type Account as AccountBody,
  type GenerationAck,
  type GenerationOperation,
  generationOperations,
  type JobAck,
  type Prediction,
  type PredictionSummary,
  type paths,
} from '@room-restyler/core';
import { errorResult, type HttpResult } from '../http/result.js';
import type { AckShape } from '../options.js';
import type { Account } from '../state/accounts.js';
import type { Job } from '../state/jobs.js';

/** The polling path, named in every acknowledgement. */
export const PREDICTION_PATH = '/api/v1/prediction/{request_id}' satisfies keyof paths;

export const accountView = (account: Account): AccountBody => ({
  user_id: account.userId,
  email: account.email,
  subscription: account.subscription,
  credits_remaining: account.credits,
});

/** The docs' two families of acknowledgement (generated `acks`: `generation` and `job`, the *Object Manipulation* pages'). */
type Shape = (typeof generationOperations)[GenerationOperation]['acks'][number];

/** The shape an operation answers in: its page's (the first where it has two), or the one `--ack-shape` forces. */
export const ackShapeOf = (operation: GenerationOperation, ackShape: AckShape): Shape =>
  ackShape === 'documented' ? generationOperations[operation].acks[0] : ackShape === 'object' ? 'job' : 'generation';

export const ackView = (shape: Shape, job: Job): GenerationAck | JobAck =>
  shape === 'generation'
    ? {
        success: true,
        request_id: job.id,
        message: `Generation started. Poll ${PREDICTION_PATH.replace('{request_id}', job.id)} for results.`,
      }
    : { requestId: job.id, status: 'starting', remainingGenerations: job.account.credits };

/** 402: the account cannot pay for the start, in the same family's words. */
export const outOfCredits = (shape: Shape, creditsRemaining: number): HttpResult =>
  shape === 'generation'
    ? errorResult(402, 'Insufficient credits', { credits_remaining: creditsRemaining })
    : errorResult(402, 'Not enough generations');

/** `GET /api/v1/prediction/{id}`: the status, and output, completed_at and error once they exist. */
export function predictionView(job: Job): Prediction {
  const view: Prediction = { status: job.status };
  if (job.output) view.output = job.output;
  if (job.completedAt) view.completed_at = job.completedAt.toISOString();
  if (job.error !== undefined) view.error = job.error;
  return view;
}

/** An entry of `GET /api/v1/predictions`: every documented field, null where it does not apply yet. */
export const summaryView = (job: Job): PredictionSummary => ({
  prediction_id: job.id,
  status: job.status,
  output: job.output ?? null,
  error: job.error ?? null,
  created_at: job.createdAt.toISOString(),
  completed_at: job.completedAt?.toISOString() ?? null,
});
