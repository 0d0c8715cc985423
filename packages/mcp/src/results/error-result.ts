/**
 * Every failure becomes an `isError` result that tells the model (and the user) what to do next,
 * rather than a protocol error the client shows as "tool failed", plus the facts a program acts on
 * (`code`, `retryable`, `retry_after_s`, `credits_remaining`, `request_id`) as structured content.
 * Messages never carry the key: core redacts it, and nothing here reads it.
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
import { OutcomeUnknownError, StartFailedError } from '../jobs/start-once.js';
import { UploadError } from '../uploads/upload-error.js';
import { InputError, SetupError } from '../user-errors.js';
import type { ToolError } from './tool-error.js';

export interface ErrorSituation {
  /** Set once a job was started: it keeps running (and was charged) whatever happens to this call. */
  requestId?: string | undefined;
  /** What a 404 means here: an unknown prediction id, or (by default) a wrong service address. */
  lookingFor?: 'prediction' | undefined;
}

/** The structured content of an error, in the shape of the tool's output schema. */
export type ErrorContent = (error: ToolError) => Record<string, unknown>;

/** Every error result carries structured content: programs read the facts without parsing the text. */
export function errorResult(error: unknown, situation: ErrorSituation, content: ErrorContent): CallToolResult {
  const facts = toolError(error, situation);
  return { isError: true, content: [{ type: 'text', text: facts.message }], structuredContent: content(facts) };
}

export function toolError(error: unknown, situation: ErrorSituation = {}): ToolError {
  const { requestId } = situation;
  const transient =
    error instanceof RateLimitedError ||
    error instanceof ServerError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    (error instanceof UploadError && error.transient);
  const retryAfterMs =
    error instanceof RateLimitedError || error instanceof TimeoutError || error instanceof UploadError ? error.retryAfterMs : undefined;
  return {
    code: codeOf(error),
    message: explain(error, situation),
    // Once a job exists, trying the call again would start (and pay for) another one.
    retryable: transient && requestId === undefined,
    ...(retryAfterMs === undefined ? {} : { retry_after_s: Math.ceil(retryAfterMs / 1000) }),
    ...(error instanceof InsufficientCreditsError && error.creditsRemaining !== undefined
      ? { credits_remaining: error.creditsRemaining }
      : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

function codeOf(error: unknown): string {
  if (error instanceof SetupError) return 'setup';
  if (error instanceof InputError) return 'invalid_input';
  if (error instanceof UploadError) return 'upload_failed';
  if (error instanceof OutcomeUnknownError) return 'outcome_unknown';
  if (error instanceof StartFailedError) return 'start_failed';
  if (error instanceof RoomApiError) return error.code;
  return 'internal';
}

/** What went wrong and what to do; once a job exists, the text names it and says it was charged. */
export function explain(error: unknown, situation: ErrorSituation = {}): string {
  const { requestId } = situation;
  const text = whatWentWrong(error, situation);
  return requestId && !text.includes(requestId)
    ? `${text} The job ${requestId} was already started and charged; call \`prediction\` with that id to get its images.`
    : text;
}

function whatWentWrong(error: unknown, { requestId, lookingFor }: ErrorSituation): string {
  if (
    error instanceof SetupError ||
    error instanceof InputError ||
    error instanceof UploadError ||
    error instanceof OutcomeUnknownError ||
    error instanceof StartFailedError
  )
    return error.message;
  if (error instanceof InvalidApiKeyError)
    return "The service rejected the API key (HTTP 401). Check ROOM_API_KEY in this MCP server's config (or, on a server run with --byok, the key your client sends as Authorization: Bearer): it must be a current key from the dashboard (API Keys section), without quotes or spaces. Then restart the client.";
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
    return `The service is rate limiting requests. Try again ${when}.`;
  }
  if (error instanceof NotFoundError)
    return lookingFor === 'prediction'
      ? 'The service knows no prediction with that id. Use the request_id exactly as returned by the tool that started the job.'
      : `The service answered HTTP 404 (${error.message}). Check ROOM_API_BASE_URL: it must be the service's origin, such as https://api.bright-shot.com, without a path.`;
  if (error instanceof GenerationFailedError)
    return `The generation did not produce images (status ${error.predictionStatus}${error.serviceError ? `: ${error.serviceError}` : ''}). Check that the photo is a clear room photo the service can fetch, then try again.`;
  if (error instanceof AbortError)
    return `Cancelled.${requestId ? ` The job ${requestId} keeps running on the service and its credit is not refunded; call \`prediction\` with that id to get its images.` : ''}`;
  if (error instanceof ConnectionError) return `${error.message}. Check ROOM_API_BASE_URL and the network connection, then try again.`;
  if (error instanceof TimeoutError) return `The service did not answer in time. Try again shortly.`;
  // Core's message already says "The service failed (HTTP 500)…", ending in the service's reason and its full stop, if any.
  if (error instanceof ServerError) return `${error.message.replace(/\.$/, '')}. Try again later.`;
  if (error instanceof RoomApiError) return `${error.message}`;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}.`;
}

/** The service's own words from a BadRequestError ("image_url is required"). */
function serviceText(error: BadRequestError): string {
  return error.message.replace(/^The request was refused:?\s*/, '') || 'invalid argument';
}
