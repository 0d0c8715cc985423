/**
 * The response bodies of the service, typed by the spec's generated types: a field the spec
 * renames or removes breaks the compile here, where the simulator must follow.
 */
import type { Account as AccountBody, GenerationAck, Prediction, PredictionSummary, paths } from '@room-restyler/core';
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

export const ackView = (job: Job): GenerationAck => ({
  success: true,
  request_id: job.id,
  message: `Generation started. Poll ${PREDICTION_PATH.replace('{request_id}', job.id)} for results.`,
});

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
