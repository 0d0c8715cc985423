/**
 * Progress notifications for a long job. Sent only when the client asked for them (a
 * `progressToken` in the request's `_meta`); `progress` is the elapsed time in seconds, so it only
 * grows, and `total` is elapsed + the honest remaining estimate — never smaller than a total sent
 * before, and sent with every notification once known (a bar that jumps back reads as broken).
 * The first notification after the service accepted the job names its id (message and `_meta`),
 * so a client that gives up early still holds the id of a job that is already paid for.
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
  /** Set on the step right after the service accepted the job. */
  requestId?: string | undefined;
}

/** The `_meta` key of a progress notification that carries the job's request id. */
export const REQUEST_ID_META = 'room-restyler/request_id';

/** Resolves once the notification is handed to the transport; await the last one so it arrives before the result. */
export type ReportProgress = (step: ProgressStep) => Promise<void>;

export function progressReporter(extra: ToolExtra, log: (line: string) => void): ReportProgress {
  const token = extra._meta?.progressToken;
  if (token === undefined) return async () => {};
  let last = -1;
  let total: number | undefined;
  return (step) => {
    // Progress must increase with every notification; equal elapsed times still move by a hair.
    // The end fills the bar: progress reaches the largest total announced.
    const elapsed = round(step.elapsedMs / 1000);
    const progress = Math.max(step.phase === 'succeeded' && total !== undefined ? total : elapsed, last + 0.001);
    last = progress;
    const remaining = step.estimatedRemainingMs;
    if (remaining !== undefined || total !== undefined)
      total = Math.max(total ?? 0, progress, remaining === undefined ? 0 : round(progress + remaining / 1000));
    const params = {
      progressToken: token,
      progress,
      ...(total !== undefined ? { total } : {}),
      message: describeStep(step),
      ...(step.requestId ? { _meta: { [REQUEST_ID_META]: step.requestId } } : {}),
    };
    return sendProgress(extra, log, params);
  };
}

type ProgressParams = Extract<Parameters<ToolExtra['sendNotification']>[0], { method: 'notifications/progress' }>['params'];

/** Sends a progress notification; one the transport cannot take is logged, never thrown into the tool. */
export function sendProgress(extra: ToolExtra, log: (line: string) => void, params: ProgressParams): Promise<void> {
  return extra.sendNotification({ method: 'notifications/progress', params }).catch((error: unknown) => {
    log(`progress notification not sent: ${error instanceof Error ? error.message : String(error)}`);
  });
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
  const id = step.requestId
    ? `. Request id ${step.requestId}: if this call is interrupted, follow the job with \`prediction\` rather than starting again`
    : '';
  return `${PHASE_WORDS[step.phase]}${status}: ${elapsed}${remaining}${id}`;
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
