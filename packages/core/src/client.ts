/**
 * `createRoomClient`: every operation of the spec, its paths and answers typed from the generated
 * types, with retries, timeouts, abort, typed errors, a logger and middleware. Works with a key
 * (server side) or without one (a browser talking to the key proxy's mirror of the same paths).
 */
import { type Clock, deadline, systemClock } from './abort.js';
import { normalizeBaseUrl } from './base-url.js';
import type { DurationHistory } from './duration-history.js';
import { errorFromResponse, redactValue } from './error-from-response.js';
import { ConnectionError, RoomApiError, ServerError, TimeoutError } from './errors.js';
import { type GenerateInput, type GenerateOptions, type GenerationResult, generate } from './generate.js';
import type { paths } from './generated/room-api.js';
import type { Logger } from './logger.js';
import { type Middleware, withMiddleware } from './middleware.js';
import { normalizePrediction, requestIdOf } from './prediction.js';
import { refuseSecondCredential, requestHeaders } from './request-headers.js';
import { DEFAULT_RETRY, type RetryOptions, withRetry } from './retry-policy.js';
import { callFetch, type FetchLike } from './transport.js';
import type { Account, EnhanceRequest, Prediction, PredictionList, RestyleRequest } from './types.js';
import { type WaitOptions, waitForPrediction } from './wait.js';

export interface RoomClientOptions {
  /**
   * Origin of the service or of the proxy (a path prefix is allowed), with or without the `/api/v1`
   * the service's docs give; `/api/v1/...` is appended. No query or fragment.
   */
  baseUrl: string;
  /** Server side only. Omit when calling the proxy, which adds the key itself. */
  apiKey?: string | undefined;
  /** Called as `fetch(url, init)`, like the global `fetch` (the default). */
  fetch?: FetchLike | undefined;
  /** Sent with every request (names in any case). No `Authorization` when `apiKey` is set. */
  headers?: Record<string, string> | undefined;
  /** `include` when a browser calls a proxy on another origin (its visitor cookie must travel). */
  credentials?: RequestCredentials | undefined;
  /** `false` disables retries. */
  retry?: RetryOptions | false | undefined;
  /** Per call, retries included. Default 30 s. */
  timeoutMs?: number | undefined;
  /** Told about every attempt (`console` will do); the API key is redacted from all it is given. */
  logger?: Logger | undefined;
  /** Run once per call, around its attempts: `onRequest`, then `onResponse` in reverse order. */
  middleware?: readonly Middleware[] | undefined;
  /** Injectable time, for tests and benchmarks. */
  clock?: Clock | undefined;
  /**
   * Durations of recent jobs, per operation: with one, `generate` (and `waitForPrediction` given an
   * `operation` and a `startedAt`) polls on a schedule learned from them, and teaches it. Share one
   * `DurationHistory` among the clients of a process. Default: none, the schedule given or the default one.
   */
  durations?: DurationHistory | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Sent with this call only, over the client's `headers`. No `Authorization` when the client has an `apiKey`. */
  headers?: Record<string, string> | undefined;
  /** This call's retries, over the client's `retry`; `false` for none. */
  retry?: RetryOptions | false | undefined;
}

export interface StartOptions extends CallOptions {
  /** Sent as `Idempotency-Key`: the same user action sends the same key, so it is charged once. */
  idempotencyKey?: string | undefined;
}

export interface GenerationStarted {
  requestId: string;
  message: string;
}

export interface ListOptions extends CallOptions {
  /** At most this many, newest first (1–100; the service's default is 20). */
  limit?: ListQuery['limit'] | undefined;
}

export interface RoomClient {
  me(options?: CallOptions): Promise<Account>;
  enhance(input: EnhanceRequest, options?: StartOptions): Promise<GenerationStarted>;
  restyle(input: RestyleRequest, options?: StartOptions): Promise<GenerationStarted>;
  getPrediction(id: string, options?: CallOptions): Promise<Prediction>;
  /** The account's recent generations: how a job whose acknowledgement was lost is found again. */
  listPredictions(options?: ListOptions): Promise<PredictionList>;
  /** Polls until the prediction succeeds (resolves) or fails (GenerationFailedError). */
  waitForPrediction(id: string, options?: WaitOptions): Promise<Prediction>;
  /** Starts a generation and waits for it, reporting phase, elapsed and estimated remaining time. */
  generate(input: GenerateInput, options?: GenerateOptions): Promise<GenerationResult>;
}

/** The service's paths the client calls, each checked to be a path of the spec. */
const PATHS = {
  me: '/api/v1/me',
  enhance: '/api/v1/enhance',
  restyle: '/api/v1/restyle',
  prediction: '/api/v1/prediction/{request_id}',
  predictions: '/api/v1/predictions',
} as const satisfies Record<string, keyof paths>;

/** The JSON of an operation's 200 answer, as the spec types it. */
type Answer<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;
type PredictionPath = NonNullable<paths[typeof PATHS.prediction]['get']['parameters']['path']>;
type ListQuery = NonNullable<paths[typeof PATHS.predictions]['get']['parameters']['query']>;
type IdempotencyHeader = NonNullable<paths[typeof PATHS.restyle]['post']['parameters']['header']>;

/** One request of a call: a path of the spec (parameters filled in), and what it sends. */
interface SpecRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: EnhanceRequest | RestyleRequest;
  headers?: IdempotencyHeader;
}

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

export function createRoomClient(options: RoomClientOptions): RoomClient {
  const clock = options.clock ?? systemClock;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const checked = normalizeBaseUrl(options.baseUrl);
  if (!checked.ok) throw new TypeError(`createRoomClient: baseUrl ${checked.problem}`);
  const { baseUrl } = checked;
  refuseSecondCredential(options.apiKey, options.headers, 'createRoomClient: headers');
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const retry = withRetry(DEFAULT_RETRY, options.retry);
  const callTimeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const origin = new URL(baseUrl).origin;

  /** Sends one request under the call's deadline and maps every failure to a typed error. */
  async function call<T>(what: string, callOptions: CallOptions | undefined, request: SpecRequest): Promise<T> {
    refuseSecondCredential(options.apiKey, callOptions?.headers, `${what}: the call's headers`);
    const timeoutMs = callOptions?.timeoutMs ?? callTimeoutMs;
    const guard = deadline(
      timeoutMs,
      callOptions?.signal,
      () => new TimeoutError(`${what} timed out after ${timeoutMs} ms`, { timeoutMs }),
    );
    const send = callFetch({
      fetch: baseFetch,
      retry: withRetry(retry, callOptions?.retry),
      clock,
      signal: guard.signal,
      endsAt: timeoutMs > 0 ? clock.now() + timeoutMs : Number.POSITIVE_INFINITY,
      logger: options.logger,
      secrets,
    });
    const headers = requestHeaders(options.apiKey, [options.headers, callOptions?.headers, request.headers]);
    const init: RequestInit & { headers: Headers } = { method: request.method, headers, signal: guard.signal };
    if (options.credentials) init.credentials = options.credentials;
    if (request.body) {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(request.body);
    }
    try {
      const response = await withMiddleware(options.middleware ?? [], `${baseUrl}${request.path}`, init, send);
      const text = await response.text();
      if (!response.ok)
        throw errorFromResponse(response.status, redactValue(parseLoosely(text), secrets), { headers: response.headers, now: clock.now() });
      if (text === '')
        throw new ServerError(`${what}: the service answered HTTP ${response.status} with no JSON body`, {
          status: response.status,
          headers: response.headers,
        });
      return JSON.parse(text) as T;
    } catch (error) {
      if (guard.signal.aborted) throw guard.signal.reason;
      if (error instanceof RoomApiError) throw error;
      if (error instanceof SyntaxError) throw new ServerError(`${what}: the service answered with invalid JSON`, { cause: error });
      throw new ConnectionError(`Could not reach ${origin}: ${describe(error)}`, { cause: error });
    } finally {
      guard.dispose();
    }
  }

  const predictionPath = ({ request_id }: PredictionPath) => PATHS.prediction.replace('{request_id}', encodeURIComponent(request_id));
  const getPrediction = (id: string, callOptions?: CallOptions) =>
    call<Answer<typeof PATHS.prediction, 'get'>>('Reading the prediction', callOptions, {
      method: 'GET',
      path: predictionPath({ request_id: id }),
    }).then(normalizePrediction);

  /** Sends one generation start (never resent blindly: see the retry policy) and reads its acknowledgement. */
  async function start(operation: 'enhance' | 'restyle', body: EnhanceRequest | RestyleRequest, startOptions?: StartOptions) {
    const headers: IdempotencyHeader = startOptions?.idempotencyKey ? { 'Idempotency-Key': startOptions.idempotencyKey } : {};
    const ack = await call<Answer<(typeof PATHS)[typeof operation], 'post'>>(`Starting the ${operation}`, startOptions, {
      method: 'POST',
      path: PATHS[operation],
      body,
      headers,
    });
    // Read tolerantly: an acknowledgement that spells the id `requestId` still counts.
    const requestId = requestIdOf(ack);
    if (!requestId) throw new ServerError(`Starting the ${operation}: the service acknowledged without a request id`, { body: ack });
    return { requestId, message: typeof ack.message === 'string' ? ack.message : '' };
  }

  const client: RoomClient = {
    me: (callOptions) => call<Answer<typeof PATHS.me, 'get'>>('Reading the account', callOptions, { method: 'GET', path: PATHS.me }),
    enhance: (input, startOptions) => start('enhance', input, startOptions),
    restyle: (input, startOptions) => start('restyle', input, startOptions),
    getPrediction,
    listPredictions: (listOptions) => {
      const query: ListQuery = listOptions?.limit === undefined ? {} : { limit: listOptions.limit };
      const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
      return call('Listing predictions', listOptions, { method: 'GET', path: `${PATHS.predictions}${search ? `?${search}` : ''}` });
    },
    waitForPrediction: (id, waitOptions) =>
      waitForPrediction(
        // A Retry-After longer than what is left of the wait is not waited for inside the read: the wait reports it.
        (predictionId, { signal, timeLeftMs }) =>
          getPrediction(predictionId, { signal, retry: { maxRetryAfterMs: Math.min(timeLeftMs, retry.maxRetryAfterMs) } }),
        id,
        { durations: options.durations, ...waitOptions, clock: waitOptions?.clock ?? clock },
      ),
    generate: (input, generateOptions) => generate(client, input, { ...generateOptions, clock: generateOptions?.clock ?? clock }),
  };
  return client;
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
  const cause = error instanceof Error && error.cause instanceof Error ? `${error.message} (${error.cause.message})` : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}
