/**
 * Progress notifications for a long job. Sent only when the client asked for them (a
 * `progressToken` in the request's `_meta`); `progress` is the elapsed time in seconds, so it only
 * grows, and `total` is elapsed + the honest remaining estimate.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { GenerationPhase } from '@room-restyler/core';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ProgressStep {
  /** What is happening, in core's vocabulary (shared with the element). */
  phase: GenerationPhase;
  elapsedMs: number;
  estimatedRemainingMs?: number | undefined;
  /** The service's status of the job, when known. */
  status?: string | undefined;
}

/** Resolves once the notification is handed to the transport; await the last one so it arrives before the result. */
export type ReportProgress = (step: ProgressStep) => Promise<void>;

export function progressReporter(extra: ToolExtra, log: (line: string) => void): ReportProgress {
  const token = extra._meta?.progressToken;
  if (token === undefined) return async () => {};
  let last = -1;
  return (step) => {
    // Progress must increase with every notification; equal elapsed times still move by a hair.
    const progress = Math.max(round(step.elapsedMs / 1000), last + 0.001);
    last = progress;
    const remaining = step.estimatedRemainingMs;
    const params = {
      progressToken: token,
      progress,
      ...(remaining !== undefined ? { total: round(progress + remaining / 1000) } : {}),
      message: describeStep(step),
    };
    return extra.sendNotification({ method: 'notifications/progress', params }).catch((error: unknown) => {
      log(`progress notification not sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
}

export function describeStep(step: ProgressStep): string {
  const elapsed = `${Math.round(step.elapsedMs / 1000)} s elapsed`;
  const status = step.status ? ` (${step.status})` : '';
  const remaining =
    step.estimatedRemainingMs === undefined || step.phase === 'succeeded'
      ? ''
      : step.estimatedRemainingMs > 0
        ? `, about ${Math.ceil(step.estimatedRemainingMs / 1000)} s left`
        : ', finishing any moment';
  return `${PHASE_WORDS[step.phase]}${status}: ${elapsed}${remaining}`;
}

/** How each phase opens a progress message: what an assistant shows the person waiting. */
const PHASE_WORDS: Record<GenerationPhase, string> = {
  uploading: 'Uploading',
  starting: 'Starting',
  generating: 'Generating',
  downloading: 'Downloading',
  succeeded: 'Done',
  failed: 'Failed',
};

const round = (n: number) => Math.round(n * 1000) / 1000;
