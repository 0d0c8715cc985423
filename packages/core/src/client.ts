/**
 * `createRoomClient`: every operation of the spec, typed from the generated types, over
 * openapi-fetch — with retries, timeouts, abort and typed errors. Works with a key (server side)
 * or without one (a browser talking to the key proxy's mirror of the same paths).
 */
import createClient from 'openapi-fetch';
import { type Clock, deadline, systemClock } from './abort.js';
import { errorFromResponse } from './error-from-response.js';
import { ConnectionError, RoomApiError, ServerError } from './errors.js';
import { type GenerateInput, type GenerateOptions, type GenerationResult, generate } from './generate.js';
import type { paths } from './generated/room-api.js';
import { normalizePrediction, requestIdOf } from './prediction.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy.js';
import { type FetchLike, retryingFetch } from './transport.js';
import type { Account, EnhanceRequest, GenerationAck, Prediction, PredictionList, RestyleRequest } from './types.js';
import { type WaitOptions, waitForPrediction } from './wait.js';

export interface RoomClientOptions {
  /** Origin of the service or of the proxy (a path prefix is allowed); `/api/v1/...` is appended. */
  baseUrl: string;
  /** Server side only. Omit when calling the proxy, which adds the key itself. */
  apiKey?: string | undefined;
  fetch?: FetchLike | undefined;
  headers?: Record<string, string> | undefined;
  /** `include` when a browser calls a proxy on another origin (its visitor cookie must travel). */
  credentials?: RequestCredentials | undefined;
  /** `false` disables retries. */
  retry?: RetryOptions | false | undefined;
  /** Per call, retries included. Default 30 s. */
  timeoutMs?: number | undefined;
  /** Injectable time, for tests and benchmarks. */
  clock?: Clock | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
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
  limit?: number | undefined;
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

type IdempotencyHeader = NonNullable<paths['/api/v1/restyle']['post']['parameters']['header']>;

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

export function createRoomClient(options: RoomClientOptions): RoomClient {
  const clock = options.clock ?? systemClock;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const retry = options.retry === false ? { ...DEFAULT_RETRY, maxRetries: 0 } : { ...DEFAULT_RETRY, ...options.retry };
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
    fetch: retryingFetch(baseFetch, retry, clock),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const origin = safeOrigin(options.baseUrl);

  /** Runs one openapi-fetch call under a deadline and maps every failure to a typed error. */
  async function call<T>(
    what: string,
    callOptions: CallOptions | undefined,
    send: (signal: AbortSignal) => Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    const timeoutMs = callOptions?.timeoutMs ?? options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const guard = deadline(timeoutMs, callOptions?.signal, what);
    try {
      const { data, error, response } = await send(guard.signal);
      if (!response.ok) throw errorFromResponse(response.status, error, { headers: response.headers, secrets });
      if (data === undefined)
        throw new ServerError(`${what}: the service answered HTTP ${response.status} with no JSON body`, { status: response.status });
      return data;
    } catch (error) {
      if (guard.signal.aborted) throw guard.signal.reason;
      if (error instanceof RoomApiError) throw error;
      if (error instanceof SyntaxError) throw new ServerError(`${what}: the service answered with invalid JSON`, { cause: error });
      throw new ConnectionError(`Could not reach ${origin}: ${describe(error)}`, { cause: error });
    } finally {
      guard.dispose();
    }
  }

  const getPrediction = (id: string, callOptions?: CallOptions) =>
    call('Reading the prediction', callOptions, (signal) =>
      api.GET('/api/v1/prediction/{request_id}', { params: { path: { request_id: id } }, signal }),
    ).then(normalizePrediction);

  /** Sends one generation start (never resent blindly: see the transport) and reads its acknowledgement. */
  async function start(
    operation: 'enhance' | 'restyle',
    startOptions: StartOptions | undefined,
    send: (signal: AbortSignal, header: IdempotencyHeader) => Promise<{ data?: GenerationAck; error?: unknown; response: Response }>,
  ): Promise<GenerationStarted> {
    const header: IdempotencyHeader = startOptions?.idempotencyKey ? { 'Idempotency-Key': startOptions.idempotencyKey } : {};
    const ack = await call(`Starting the ${operation}`, startOptions, (signal) => send(signal, header));
    // Read tolerantly: an acknowledgement that spells the id `requestId` still counts.
    const requestId = requestIdOf(ack);
    if (!requestId) throw new ServerError(`Starting the ${operation}: the service acknowledged without a request id`, { body: ack });
    return { requestId, message: typeof ack.message === 'string' ? ack.message : '' };
  }

  const client: RoomClient = {
    me: (callOptions) => call('Reading the account', callOptions, (signal) => api.GET('/api/v1/me', { signal })),
    enhance: (input, startOptions) =>
      start('enhance', startOptions, (signal, header) => api.POST('/api/v1/enhance', { params: { header }, body: input, signal })),
    restyle: (input, startOptions) =>
      start('restyle', startOptions, (signal, header) => api.POST('/api/v1/restyle', { params: { header }, body: input, signal })),
    getPrediction,
    listPredictions: (listOptions) =>
      call('Listing predictions', listOptions, (signal) =>
        api.GET('/api/v1/predictions', { params: { query: listOptions?.limit === undefined ? {} : { limit: listOptions.limit } }, signal }),
      ),
    waitForPrediction: (id, waitOptions) =>
      waitForPrediction((predictionId, { signal }) => getPrediction(predictionId, { signal }), id, {
        ...waitOptions,
        clock: waitOptions?.clock ?? clock,
      }),
    generate: (input, generateOptions) => generate(client, input, { ...generateOptions, clock: generateOptions?.clock ?? clock }),
  };
  return client;
}

function safeOrigin(baseUrl: string): string {
  return URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl;
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `${error.message} (${error.cause.message})` : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}
