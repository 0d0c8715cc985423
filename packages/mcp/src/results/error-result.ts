/**
 * Every failure becomes an `isError` result that tells the model (and the user) what to do next,
 * rather than a protocol error the client shows as "tool failed". Messages never carry the key:
 * core redacts it, and nothing here reads it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AbortError,
  BadRequestError,
  ConnectionError,
  GenerationFailedError,
  InsufficientCreditsError,
  InvalidApiKeyError,
  NotFoundError,
  RateLimitedError,
  RoomApiError,
  ServerError,
  TimeoutError,
} from '@room-restyler/core';
import { UploadError } from '../uploads/upload-error.js';
import { InputError, SetupError } from '../user-errors.js';

export interface ErrorSituation {
  /** Set once a job was started: it keeps running (and was charged) whatever happens to this call. */
  requestId?: string | undefined;
}

export function errorResult(error: unknown, situation: ErrorSituation = {}): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: explain(error, situation) }] };
}

export function explain(error: unknown, { requestId }: ErrorSituation = {}): string {
  const job = requestId ? ` The job ${requestId} was already started and charged; call \`prediction\` with that id to get its images.` : '';
  if (error instanceof SetupError || error instanceof InputError || error instanceof UploadError) return error.message;
  if (error instanceof InvalidApiKeyError)
    return "The service rejected the API key (HTTP 401). Check ROOM_API_KEY in this MCP server's config: it must be a current key from the dashboard (API Keys section), without quotes or spaces. Then restart the client.";
  if (error instanceof InsufficientCreditsError) {
    const count = error.creditsRemaining === undefined ? 'not enough' : String(error.creditsRemaining);
    return `Out of credits: ${count} credit${error.creditsRemaining === 1 ? '' : 's'} remaining, and each generated image costs 1 credit. Nothing was charged. Credits reset monthly; the account owner can upgrade the plan in the dashboard. Call \`me\` to see the balance.`;
  }
  if (error instanceof BadRequestError) {
    const field = error.field ? ` Fix the \`${error.field}\` argument and try again.` : ' Check the arguments and try again.';
    return `The service refused the request (HTTP ${error.status ?? 400}): ${serviceText(error)}.${field} Nothing was charged.`;
  }
  if (error instanceof RateLimitedError) {
    const when = error.retryAfterMs === undefined ? 'in a minute' : `in ${Math.ceil(error.retryAfterMs / 1000)} s`;
    return `The service is rate limiting requests. Try again ${when}.${job}`;
  }
  if (error instanceof NotFoundError)
    return 'The service knows no prediction with that id. Use the request_id exactly as returned by `enhance` or `restyle`.';
  if (error instanceof GenerationFailedError)
    return `The generation did not produce images (status ${error.predictionStatus}${error.serviceError ? `: ${error.serviceError}` : ''}). Check that the photo is a clear room photo the service can fetch, then try again.`;
  if (error instanceof AbortError)
    return `Cancelled.${requestId ? ` The job ${requestId} keeps running on the service and its credit is not refunded; call \`prediction\` with that id to get its images.` : ''}`;
  if (error instanceof ConnectionError)
    return `${error.message}. Check ROOM_API_BASE_URL and the network connection, then try again.${job}`;
  if (error instanceof TimeoutError) return `The service did not answer in time. Try again shortly.${job}`;
  if (error instanceof ServerError) return `The service failed: ${error.message}. Try again later.${job}`;
  if (error instanceof RoomApiError) return `${error.message}${job}`;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}.${job}`;
}

/** The service's own words from a BadRequestError ("image_url is required"). */
function serviceText(error: BadRequestError): string {
  return error.message.replace(/^The request was refused:?\s*/, '') || 'invalid argument';
}
