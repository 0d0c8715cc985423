/**
 * A job that ended on the service without images (`failed`, `canceled`, …): the result says so with
 * its real status and how long it ran, and the balance after it — the service does not document
 * whether a failed job's credit is refunded, so the result shows the balance rather than guess.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { GenerationFailedError } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { balanceNow } from './balance.js';
import { toolError } from './error-result.js';
import { jobErrorContent } from './job-output.js';

export interface FailedJob {
  requestId: string;
  /** Since the job started (or since this call began following it). */
  elapsedMs: number;
  signal: AbortSignal;
}

export async function failedJobResult(ctx: ServerContext, error: GenerationFailedError, job: FailedJob): Promise<CallToolResult> {
  const balance = await balanceNow(ctx, job.signal);
  const why = error.serviceError ? ` (${error.serviceError})` : '';
  const message =
    `The job ${job.requestId} ended as ${error.predictionStatus}${why}, without images. ` +
    "The service does not document whether a failed job's credit is refunded" +
    `${balance === undefined ? '; call `me` to see the balance' : `; the balance is now ${balance} credit${balance === 1 ? '' : 's'}`}. ` +
    'Check that the photo is a clear room photo the service can fetch; trying again starts a new job, which costs a credit.';
  const facts = {
    ...toolError(error, { requestId: job.requestId }),
    message,
    ...(balance === undefined ? {} : { credits_remaining: balance }),
  };
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: {
      ...jobErrorContent(facts),
      status: error.predictionStatus,
      elapsed_seconds: Math.round(job.elapsedMs / 100) / 10,
      ...(balance === undefined ? {} : { credits_remaining: balance }),
    },
  };
}
