/**
 * Waits for a job within the tool's budget (`wait_seconds`), under clients' ~60 s tool timeouts.
 * Running out of time is a normal outcome: the job keeps running and `prediction` picks it up.
 * Cancellation (the request's signal) stops the wait only; the job itself was already paid for.
 */
import { type Prediction, predictionOutcome, TimeoutError } from '@room-restyler/core';
import { generationFailed } from '@room-restyler/core/internal';
import type { ServerContext } from '../context.js';
import type { ReportProgress } from './progress.js';

export type JobOutcome = { done: true; prediction: Prediction; elapsedMs: number } | { done: false; status: string; elapsedMs: number };

export interface FollowJob {
  requestId: string;
  /** Epoch ms when the job was started (now, when only its id is known). */
  startedAt: number;
  waitSeconds: number;
  signal: AbortSignal;
  report: ReportProgress;
  /** Right after starting a job there is nothing to read yet: wait for the schedule's first check. */
  justStarted: boolean;
  /** The status known before waiting (`starting` after a start). */
  initialStatus: string;
  /** The operation (`enhance`, `clearSky`, …) when this call started the job: the wait polls on the schedule learned for it, and teaches it. */
  operation?: string | undefined;
}

export async function followJob(ctx: ServerContext, job: FollowJob): Promise<JobOutcome> {
  const client = ctx.client();
  const elapsed = () => Date.now() - job.startedAt;
  let status = job.initialStatus;

  if (job.waitSeconds === 0) {
    if (job.justStarted) return { done: false, status, elapsedMs: elapsed() };
    const prediction = await client.getPrediction(job.requestId, { signal: job.signal });
    const outcome = predictionOutcome(prediction);
    if (outcome === 'succeeded') return { done: true, prediction, elapsedMs: elapsed() };
    if (outcome === 'running') return { done: false, status: prediction.status, elapsedMs: elapsed() };
    throw generationFailed(prediction);
  }

  try {
    const prediction = await client.waitForPrediction(job.requestId, {
      signal: job.signal,
      timeoutMs: Math.max(job.waitSeconds * 1000, 1),
      schedule: ctx.pollSchedule,
      startedAt: job.startedAt,
      operation: job.operation,
      pollImmediately: !job.justStarted,
      onUpdate(update) {
        status = update.status;
        // The estimate only means something while the job runs.
        const estimatedRemainingMs = predictionOutcome(update.prediction) === 'running' ? update.estimatedRemainingMs : undefined;
        void job.report({ phase: 'generating', elapsedMs: update.elapsedMs, estimatedRemainingMs, status });
      },
    });
    return { done: true, prediction, elapsedMs: elapsed() };
  } catch (error) {
    // Any timeout here means the budget ran out (or polls kept timing out): the job may still finish.
    if (error instanceof TimeoutError && !job.signal.aborted) return { done: false, status, elapsedMs: elapsed() };
    throw error;
  }
}
