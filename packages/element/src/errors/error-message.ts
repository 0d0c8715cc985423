import type { GenerationPhase, ProxyErrorCode } from '@room-restyler/core';
import type { Localizer } from '../i18n/localize.js';
import type { ImageLimits } from '../image/prepare.js';
import { ImageRejectedError } from '../image/prepare.js';
import type { MessageKey } from '../translations/en.js';

/**
 * What the visitor can do about a failure: `retry` the same action (same Idempotency-Key, no new
 * credit), `wait` (then retry), choose another `photo`, generate `again` (a new action), or nothing.
 */
export type Remedy = 'retry' | 'wait' | 'photo' | 'again' | 'none';

type Advice = readonly [MessageKey, Remedy];

const CONFIG: Advice = ['errConfig', 'none'];
const REQUEST: Advice = ['errRequest', 'none'];
const PHOTO: Advice = ['errInvalidImage', 'photo'];
const SERVER: Advice = ['errServer', 'retry'];
const BUSY: Advice = ['errBusy', 'wait'];

/**
 * The proxy's codes whose HTTP status alone says what to do, through core's code for that status
 * (a 5xx: Retry; 400, 413, 415: another photo; 402: out of credits; 403: not on this site; 404: gone;
 * 429: wait), each listed with its status in the tests. Named only for the compiler, like the codes a
 * visitor's request never gets: `not_ready` (/readyz's answer to a load balancer), `widget_unavailable`
 * (the answer to a page loading the widget's script, which the widget never calls) and
 * `upload_token_invalid` and `batch_token_invalid` (the answers to a server caller's tokens, which the widget never sends).
 */
type AdvisedByStatus =
  | 'empty_upload'
  | 'invalid_image'
  | 'payload_too_large'
  | 'too_many_pixels'
  | 'unsupported_media_type'
  | 'unsupported_image_type'
  | 'insufficient_credits'
  | 'origin_not_allowed'
  | 'not_found'
  | 'rate_limited'
  | 'too_many_streams'
  | 'authorize_failed'
  | 'upstream_error'
  | 'upstream_unreachable'
  | 'bad_upstream_response'
  | 'shutting_down'
  | 'internal_error'
  | 'not_ready'
  | 'widget_unavailable'
  | 'upload_token_invalid'
  | 'batch_token_invalid';

/**
 * Every other error code of the proxy (openapi/proxy-api.yaml) a visitor's request can get: a new
 * code does not compile until it is placed here or above.
 */
const BY_PROXY_CODE: Record<Exclude<ProxyErrorCode, AdvisedByStatus>, Advice> = {
  bad_request: REQUEST,
  bad_body: REQUEST,
  invalid_json: REQUEST,
  bad_idempotency_key: REQUEST,
  bad_multipart: REQUEST,
  method_not_allowed: REQUEST,
  too_many_styles: REQUEST,
  upstream_refused: PHOTO,
  body_timeout: ['errNetwork', 'retry'],
  uploads_disabled: CONFIG,
  public_url_required: CONFIG,
  // The uploaded photo is gone (or its URL no longer works): choosing it again uploads it anew.
  upload_not_found: PHOTO,
  upload_signature_invalid: PHOTO,
  upstream_auth: CONFIG,
  forbidden: ['errForbidden', 'none'],
  captcha: ['errForbidden', 'none'],
  visitor_limit: ['errLimit', 'wait'],
  ip_limit: ['errLimit', 'wait'],
  daily_budget: ['errBudget', 'wait'],
  // The same action is still being started: trying it again in a moment is what fixes it.
  idempotency_in_progress: SERVER,
  idempotency_key_reused: ['errServer', 'again'],
  // Still without the cookie after sending again: the browser refuses the proxy's cookie (a proxy
  // on another site), which only the site's set-up can change.
  visitor_cookie_required: CONFIG,
  // Nothing was charged (the store is away), or the proxy is still looking for a start whose answer
  // was lost: the same action, once the Retry-After has passed, is what settles it.
  store_unavailable: BUSY,
  generation_unknown: BUSY,
  upstream_timeout: ['errTimeout', 'retry'],
};

/** Core's error codes, for failures that carry no code of the proxy (no answer, a failed job). */
const BY_CORE_CODE: Record<string, Advice> = {
  insufficient_credits: ['errCredits', 'none'],
  rate_limited: BUSY,
  bad_request: PHOTO,
  connection: ['errNetwork', 'retry'],
  timeout: ['errTimeout', 'retry'],
  generation_failed: ['errFailed', 'again'],
  not_found: ['errExpired', 'again'],
  invalid_api_key: CONFIG,
};

/**
 * The message and remedy of a failure, chosen by the proxy's `code` in the body, else core's
 * `code`. A Retry always resends the action's Idempotency-Key: the proxy never keeps a start's
 * failure that may have charged (it looks for the job instead), so the same key is always safe.
 */
export function adviceFor(error: unknown, failedIn?: GenerationPhase): Advice {
  const { code, body } = (error ?? {}) as { code?: string; body?: { code?: unknown } };
  const proxyCode = String(body?.code);
  if (Object.hasOwn(BY_PROXY_CODE, proxyCode)) {
    return BY_PROXY_CODE[proxyCode as keyof typeof BY_PROXY_CODE];
  }
  // Before a job exists a 404 is no expired result but the site's set-up: no proxy at `endpoint`, a base URL the service lacks.
  if (code === 'not_found' && (failedIn === 'uploading' || failedIn === 'starting')) return CONFIG;
  return BY_CORE_CODE[code ?? ''] ?? SERVER;
}

/** How long a `wait` remedy asks for: the answer's Retry-After, else a minute. */
export function waitFor(error: unknown): number {
  return (error as { retryAfterMs?: number }).retryAfterMs ?? 60_000;
}

/** The limits as a message's parameters: `{maxMb}`, `{minW}`, `{minH}`. */
export const limitParams = (l: Localizer, limits: ImageLimits) => ({
  maxMb: l.size(limits.maxBytes),
  minW: limits.minWidth,
  minH: limits.minHeight,
});

/** The visitor's sentence for any failure; `waitMs` fills "try again in …". */
export function errorMessage(
  error: unknown,
  l: Localizer,
  limits: ImageLimits,
  waitMs = waitFor(error),
  failedIn?: GenerationPhase,
): string {
  const { t } = l;
  if (error instanceof ImageRejectedError) {
    const { problem } = error;
    const params = limitParams(l, limits);
    if (problem.kind === 'type') return t('errType');
    if (problem.kind === 'heic') return t('errHeic');
    if (problem.kind === 'size') return t('errSize', { ...params, mb: l.size(problem.bytes) });
    if (problem.kind === 'url') return t('errUrl');
    if (problem.kind === 'unreachable') return t('errUnreachable');
    if (problem.kind === 'dims') return t('errDims', { ...params, w: problem.width, h: problem.height });
    return t('errDecode');
  }
  return t(adviceFor(error, failedIn)[0], { wait: l.duration(waitMs) });
}
