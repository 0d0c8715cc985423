/**
 * `createProxyClient`: a browser's client for the key proxy's mirror of the service
 * (openapi/proxy-api.yaml) — upload a photo, start any operation, read and follow a job — on core's one request path (the
 * retry policy, timeouts, abort, typed errors). It holds no key, so it bundles no redaction,
 * logger or middleware, and words its errors briefly (`HTTP 429: …`, `Starting the restyle: timeout`;
 * the element has its own words for each code): what `<room-restyler>` ships.
 */
import { type Clock, systemClock } from './abort.js';
import { BRIEF_WORDING, type CallOptions, type CallPath, type CallRequest, callJson, DEFAULT_CALL_TIMEOUT_MS } from './call.js';
import { secondsField } from './error-from-response.js';
import type { components, paths } from './generated/proxy-api.js';
import { generationPaths } from './generated/room-operations.js';
import { followWith, type GenerationStarted, generationStarted, type StartOptions } from './generation-calls.js';
import type { GenerationOperation } from './operations.js';
import { normalizePrediction } from './prediction.js';
import type { ProxyUpload } from './proxy-types.js';
import { DEFAULT_RETRY, type RetryOptions, withRetry } from './retry-policy.js';
import type { FetchLike } from './transport.js';
import type { Prediction } from './types.js';
import { BRIEF_WAITS, type WaitOptions } from './wait.js';

/** The proxy's own paths its clients call, each checked to be a path of openapi/proxy-api.yaml (a start goes to the service's path of its operation). */
export const PROXY_PATHS = {
  prediction: '/api/v1/prediction/{handle}',
  uploads: '/api/v1/uploads',
  tries: '/api/v1/tries',
} as const satisfies Record<string, keyof paths>;

/** The body of an operation's start at the proxy: the kit's input for it (openapi/proxy-api.yaml, at the service's path). */
export type ProxyOperationBody<O extends GenerationOperation> =
  paths[(typeof generationPaths)[O]]['post']['requestBody']['content']['application/json'];
/** The proxy acknowledges every operation in one shape, whichever the service used. */
type Ack = components['schemas']['ProxyGenerationAck'];
export type ProxyEnhanceRequest = ProxyOperationBody<'enhance'>;
export type ProxyRestyleRequest = ProxyOperationBody<'restyle'>;
/** One room in several styles: an operation that takes a style, its `styles`, and the operation's other fields. */
export type ProxyTriesRequest = paths[typeof PROXY_PATHS.tries]['post']['requestBody']['content']['application/json'];
/** A handle per style started, and what they cost. */
export type ProxyTries = components['schemas']['TriesStarted'];

export interface ProxyUploadOptions extends CallOptions {
  /** `mask`: a PNG mask for `mask_url`, which the proxy keeps a PNG at its size. Default `photo`. */
  kind?: NonNullable<paths[typeof PROXY_PATHS.uploads]['post']['parameters']['query']>['kind'];
}

export interface ProxyClientOptions {
  /** Where the proxy is mounted: its origin, or origin and path prefix (`/api/v1/...` is appended). */
  baseUrl: string;
  /** Called as `fetch(url, init)`, like the global `fetch` (the default). */
  fetch?: FetchLike | undefined;
  /** Default `include`: the proxy knows a visitor by its cookie, also from another origin. */
  credentials?: RequestCredentials | undefined;
  /** `false` disables retries. A start is never resent blindly (see the retry policy). */
  retry?: RetryOptions | false | undefined;
  /** Per call, retries included. Default 30 s. */
  timeoutMs?: number | undefined;
  clock?: Clock | undefined;
}

export interface ProxyClient {
  /** Starts any operation the site's proxy allows (its `operations` option) at the proxy's mirror of the service's path. */
  start<O extends GenerationOperation>(operation: O, body: ProxyOperationBody<O>, options?: StartOptions): Promise<GenerationStarted>;
  enhance(input: ProxyEnhanceRequest, options?: StartOptions): Promise<GenerationStarted>;
  restyle(input: ProxyRestyleRequest, options?: StartOptions): Promise<GenerationStarted>;
  /** Starts every style at once within the visitor's limits, or none (a RateLimitedError whose `left` says how many fit). */
  startTries(body: ProxyTriesRequest, options?: StartOptions): Promise<ProxyTries>;
  /** `handle` is the `request_id` of a start's acknowledgement. */
  getPrediction(handle: string, options?: CallOptions): Promise<Prediction>;
  /** Polls until the prediction succeeds (resolves) or fails (GenerationFailedError), on the schedule given or the default one. */
  waitForPrediction(handle: string, options?: Omit<WaitOptions, 'durations' | 'operation'>): Promise<Prediction>;
  /** Sends a photo (its bytes, typed by the Blob) to the proxy's upload route: `url` is what `image_url` takes (a mask's: `mask_url`). */
  upload(image: Blob, options?: ProxyUploadOptions): Promise<ProxyUpload>;
}

export function createProxyClient(options: ProxyClientOptions): ProxyClient {
  const clock = options.clock ?? systemClock;
  const retry = withRetry(DEFAULT_RETRY, options.retry);
  const path: CallPath = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    retry,
    timeoutMs: options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    clock,
    credentials: options.credentials ?? 'include',
    // Predictions change from one read to the next: no HTTP cache may answer.
    cache: 'no-store',
    wording: BRIEF_WORDING,
  };
  /** One call: the call's headers, then the operation's. */
  const call = <T>(what: string, callOptions: CallOptions | undefined, request: Omit<CallRequest, 'headers'>, headers?: HeadersInit) =>
    callJson<T>(path, what, callOptions, { ...request, headers: new Headers({ ...callOptions?.headers, ...headers }) });

  const getPrediction = (handle: string, callOptions?: CallOptions) =>
    call('Reading the prediction', callOptions, {
      method: 'GET',
      path: PROXY_PATHS.prediction.replace('{handle}', encodeURIComponent(handle)),
    }).then(normalizePrediction);

  /** One paid POST; the proxy's free 428 (a visitor without its cookie yet) is sent again once, by the retry policy. */
  const paid = <T>(what: string, path: string, body: unknown, startOptions?: StartOptions) =>
    call<T>(
      what,
      startOptions,
      { method: 'POST', path, body },
      startOptions?.idempotencyKey ? { 'Idempotency-Key': startOptions.idempotencyKey } : {},
    );

  const start = <O extends GenerationOperation>(operation: O, body: ProxyOperationBody<O>, startOptions?: StartOptions) =>
    paid<Ack>(`Starting the ${operation}`, generationPaths[operation], body, startOptions).then((ack) => ({
      ...generationStarted(operation, ack),
      expectedMs: secondsField(ack, 'expected_seconds'),
    }));

  return {
    start,
    enhance: (input, startOptions) => start('enhance', input, startOptions),
    restyle: (input, startOptions) => start('restyle', input, startOptions),
    startTries: (body, startOptions) => paid<ProxyTries>('Starting the styles', PROXY_PATHS.tries, body, startOptions),
    getPrediction,
    waitForPrediction: followWith(getPrediction, retry, clock, BRIEF_WAITS),
    upload: (image, { kind, ...callOptions } = {}) =>
      call(
        `Uploading the ${kind ?? 'photo'}`,
        callOptions,
        { method: 'POST', path: kind ? `${PROXY_PATHS.uploads}?kind=${kind}` : PROXY_PATHS.uploads, bytes: image },
        { 'Content-Type': image.type || 'image/jpeg' },
      ),
  };
}
