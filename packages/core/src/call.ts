/**
 * The one request path of core's clients (the service's `createRoomClient`, the key proxy's
 * `createProxyClient`): one call under its deadline, sent by the retrying transport, its answer
 * read as JSON and every failure mapped to a typed error. What only a server-side client needs —
 * the key, its redaction, a logger, middleware — is handed in, so a browser bundles none of it.
 */
import { type Clock, deadline } from './abort.js';
import { briefWording, errorFromResponse, type ResponseWording, serviceWording } from './error-from-response.js';
import { ConnectionError, RoomApiError, ServerError, TimeoutError } from './errors.js';
import type { Send } from './middleware.js';
import { type RetryOptions, withRetry } from './retry-policy.js';
import { type Attempt, callFetch, type FetchLike } from './transport.js';

export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Sent with this call only, over the client's `headers`. No `Authorization` when the client has an `apiKey`. */
  headers?: Record<string, string> | undefined;
  /** This call's retries, over the client's `retry`; `false` for none. */
  retry?: RetryOptions | false | undefined;
}

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** How a client sends: fixed when the client is made. */
export interface CallPath {
  /** Where paths are appended: no trailing slash. */
  baseUrl: string;
  fetch: FetchLike;
  retry: Required<RetryOptions>;
  /** Per call, retries included. */
  timeoutMs: number;
  clock: Clock;
  /** Of every request: `include` for a visitor's cookie, `no-store` so no HTTP cache answers a prediction. */
  credentials?: RequestCredentials | undefined;
  cache?: RequestCache | undefined;
  /** Sends through middleware (none: `send` itself). */
  around?: ((url: string, init: RequestInit & { headers: Headers }, send: Send) => Promise<Response>) | undefined;
  onAttempt?: ((attempt: Attempt) => void) | undefined;
  /** Makes an error's body safe to keep (the key redacted). */
  cleanBody?: ((body: unknown) => unknown) | undefined;
  /** How its errors' messages are worded: for server users, or briefly (the browser's proxy client). */
  wording: CallWording;
}

/** What else than a refusal ended a call: its timeout (ms), a success without JSON (its status), invalid JSON, or no connection (the error). */
export type CallFailure = ['timeout', number] | ['no-json', number] | ['invalid-json'] | ['unreachable', unknown, string];

/** How a client words its errors' messages: a refusal, and the other failures of a call (`what` names the call). */
export interface CallWording {
  refusal: ResponseWording;
  failure(what: string, ...failure: CallFailure): string;
}

/** The service client's sentences, for server users. */
export const SERVICE_WORDING: CallWording = {
  refusal: serviceWording,
  failure(what, ...[problem, detail, url]) {
    if (problem === 'timeout') return `${what} timed out after ${detail} ms`;
    if (problem === 'no-json') return `${what}: the service answered HTTP ${detail} with no JSON body`;
    if (problem === 'invalid-json') return `${what}: the service answered with invalid JSON`;
    return `Could not reach ${new URL(url).origin}: ${describe(detail)}`;
  },
};

/**
 * The browser's proxy client's: `HTTP 429: Too many requests`, `Starting the restyle: timeout` (the
 * element shows its own words for each code; a connection error keeps the fetch's as its `cause`).
 */
export const BRIEF_WORDING: CallWording = { refusal: briefWording, failure: (what, ...[problem]) => `${what}: ${problem}` };

/** One request of a call: its path (parameters filled in), headers, and a body sent as JSON or bytes sent as they are. */
export interface CallRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Headers;
  body?: unknown;
  bytes?: Blob | undefined;
}

/** Sends one request under the call's deadline and maps every failure to a typed error. `what` names the call in messages. */
export async function callJson<T>(path: CallPath, what: string, options: CallOptions | undefined, request: CallRequest): Promise<T> {
  const { clock } = path;
  const timeoutMs = options?.timeoutMs ?? path.timeoutMs;
  const { failure } = path.wording;
  const guard = deadline(timeoutMs, options?.signal, () => new TimeoutError(failure(what, 'timeout', timeoutMs), { timeoutMs }));
  const send = callFetch({
    fetch: path.fetch,
    retry: withRetry(path.retry, options?.retry),
    clock,
    signal: guard.signal,
    endsAt: timeoutMs > 0 ? clock.now() + timeoutMs : Number.POSITIVE_INFINITY,
    onAttempt: path.onAttempt,
  });
  const { headers } = request;
  const init: RequestInit & { headers: Headers } = { method: request.method, headers, signal: guard.signal };
  if (path.credentials) init.credentials = path.credentials;
  if (path.cache) init.cache = path.cache;
  if (request.bytes) init.body = request.bytes;
  else if (request.body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(request.body);
  }
  const url = `${path.baseUrl}${request.path}`;
  try {
    const response = await (path.around ? path.around(url, init, send) : send(url, init));
    const text = await response.text();
    if (!response.ok) {
      const body = parseLoosely(text);
      throw errorFromResponse(response.status, path.cleanBody ? path.cleanBody(body) : body, {
        headers: response.headers,
        now: clock.now(),
        wording: path.wording.refusal,
      });
    }
    if (text === '')
      throw new ServerError(failure(what, 'no-json', response.status), {
        status: response.status,
        headers: response.headers,
      });
    return JSON.parse(text) as T;
  } catch (error) {
    if (guard.signal.aborted) throw guard.signal.reason;
    if (error instanceof RoomApiError) throw error;
    if (error instanceof SyntaxError) throw new ServerError(failure(what, 'invalid-json'), { cause: error });
    throw new ConnectionError(failure(what, 'unreachable', error, url), { cause: error });
  } finally {
    guard.dispose();
  }
}

/** An error body: JSON when it is JSON, the text otherwise (an HTML page, a proxy's plain text). */
function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
