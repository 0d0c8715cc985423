/**
 * `createRoomClient`: every operation of the spec, its paths and answers typed from the generated
 * types, with retries, timeouts, abort, typed errors, a logger and middleware. Works with a key
 * (server side) or without one (a browser talking to the key proxy's mirror of the same paths).
 */
import { type Clock, systemClock } from './abort.js';
import { attemptLogger } from './attempt-log.js';
import { normalizeBaseUrl } from './base-url.js';
import { type CallOptions, type CallPath, callJson, DEFAULT_CALL_TIMEOUT_MS, SERVICE_WORDING } from './call.js';
import type { DurationHistory } from './duration-history.js';
import { redactValue } from './error-from-response.js';
import { type GenerateInput, type GenerateOptions, type GenerationResult, generate } from './generate.js';
import type { paths } from './generated/room-api.js';
import { followWith, type GenerationStarted, generationStarted, type StartOptions } from './generation-calls.js';
import type { Logger } from './logger.js';
import { type Middleware, withMiddleware } from './middleware.js';
import type { GenerationOperation, OperationAck, OperationBody } from './operations.js';
import { generationOperations } from './operations.js';
import { normalizePrediction } from './prediction.js';
import { refuseSecondCredential, requestHeaders } from './request-headers.js';
import { DEFAULT_RETRY, type RetryOptions, withRetry } from './retry-policy.js';
import type { FetchLike } from './transport.js';
import type { Account, EnhanceRequest, Prediction, PredictionList, RestyleRequest } from './types.js';
import { SERVICE_WAITS, type WaitOptions } from './wait.js';

export type { CallOptions } from './call.js';
export { DEFAULT_CALL_TIMEOUT_MS } from './call.js';
export type { GenerationStarted, StartOptions } from './generation-calls.js';

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

export interface ListOptions extends CallOptions {
  /** At most this many of the newest (1–100; the service's default is 20). Their order is not documented: sort by `created_at`. */
  limit?: ListQuery['limit'] | undefined;
}

export interface RoomClient {
  me(options?: CallOptions): Promise<Account>;
  enhance(input: EnhanceRequest, options?: StartOptions): Promise<GenerationStarted>;
  restyle(input: RestyleRequest, options?: StartOptions): Promise<GenerationStarted>;
  /** Starts any generation operation of the spec (its operationId), with the body the spec gives it. */
  start<O extends GenerationOperation>(operation: O, body: OperationBody<O>, options?: StartOptions): Promise<GenerationStarted>;
  getPrediction(id: string, options?: CallOptions): Promise<Prediction>;
  /** The account's recent generations: how a job whose acknowledgement was lost is found again. */
  listPredictions(options?: ListOptions): Promise<PredictionList>;
  /** Polls until the prediction succeeds (resolves) or fails (GenerationFailedError). */
  waitForPrediction(id: string, options?: WaitOptions): Promise<Prediction>;
  /** Starts a generation and waits for it, reporting phase, elapsed and estimated remaining time. */
  generate(input: GenerateInput, options?: GenerateOptions): Promise<GenerationResult>;
}

/** The service's paths the client reads, each checked to be a path of the spec (the starts' paths are generated). */
const PATHS = {
  me: '/api/v1/me',
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
type IdempotencyHeader = NonNullable<paths['/api/v1/restyle']['post']['parameters']['header']>;

/** One request of a call: a path of the spec (parameters filled in), and what it sends. */
interface SpecRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: OperationBody<GenerationOperation>;
  headers?: IdempotencyHeader;
}

export function createRoomClient(options: RoomClientOptions): RoomClient {
  const clock = options.clock ?? systemClock;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const checked = normalizeBaseUrl(options.baseUrl);
  if (!checked.ok) throw new TypeError(`createRoomClient: baseUrl ${checked.problem}`);
  const { baseUrl } = checked;
  refuseSecondCredential(options.apiKey, options.headers, 'createRoomClient: headers');
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const retry = withRetry(DEFAULT_RETRY, options.retry);
  const path: CallPath = {
    baseUrl,
    fetch: baseFetch,
    retry,
    timeoutMs: options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    clock,
    credentials: options.credentials,
    around: options.middleware?.length ? (url, init, send) => withMiddleware(options.middleware ?? [], url, init, send) : undefined,
    onAttempt: options.logger && attemptLogger(options.logger, secrets),
    cleanBody: (body) => redactValue(body, secrets),
    wording: SERVICE_WORDING,
  };

  /** A call of the spec's: the client's, the call's and the operation's headers, with the key. */
  async function call<T>(what: string, callOptions: CallOptions | undefined, request: SpecRequest): Promise<T> {
    refuseSecondCredential(options.apiKey, callOptions?.headers, `${what}: the call's headers`);
    const headers = requestHeaders(options.apiKey, [options.headers, callOptions?.headers, request.headers]);
    return callJson<T>(path, what, callOptions, { ...request, headers });
  }

  const predictionPath = ({ request_id }: PredictionPath) => PATHS.prediction.replace('{request_id}', encodeURIComponent(request_id));
  const getPrediction = (id: string, callOptions?: CallOptions) =>
    call<Answer<typeof PATHS.prediction, 'get'>>('Reading the prediction', callOptions, {
      method: 'GET',
      path: predictionPath({ request_id: id }),
    }).then(normalizePrediction);

  /** Sends one generation start (never resent blindly: see the retry policy) and reads its acknowledgement, in either shape. */
  async function start<O extends GenerationOperation>(operation: O, body: OperationBody<O>, startOptions?: StartOptions) {
    const headers: IdempotencyHeader = startOptions?.idempotencyKey ? { 'Idempotency-Key': startOptions.idempotencyKey } : {};
    const ack = await call<OperationAck<O>>(`Starting the ${operation}`, startOptions, {
      method: 'POST',
      path: generationOperations[operation].path,
      body,
      headers,
    });
    return generationStarted(operation, ack);
  }

  const client: RoomClient = {
    me: (callOptions) => call<Answer<typeof PATHS.me, 'get'>>('Reading the account', callOptions, { method: 'GET', path: PATHS.me }),
    enhance: (input, startOptions) => start('enhance', input, startOptions),
    restyle: (input, startOptions) => start('restyle', input, startOptions),
    start,
    getPrediction,
    listPredictions: (listOptions) => {
      const query: ListQuery = listOptions?.limit === undefined ? {} : { limit: listOptions.limit };
      const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
      return call('Listing predictions', listOptions, { method: 'GET', path: `${PATHS.predictions}${search ? `?${search}` : ''}` });
    },
    waitForPrediction: followWith(getPrediction, retry, clock, SERVICE_WAITS, options.durations),
    generate: (input, generateOptions) => generate(client, input, { ...generateOptions, clock: generateOptions?.clock ?? clock }),
  };
  return client;
}
