import {
  AbortError,
  ConnectionError,
  type GenerationStarted,
  normalizePrediction,
  type Prediction,
  type ProxyEnhanceRequest,
  type ProxyRestyleRequest,
  type RoomClient,
  requestIdOf,
  ServerError,
  type StartOptions,
  type WaitOptions,
  waitForPrediction,
} from '@room-restyler/core';
import { errorFromResponse, PROXY_PATHS } from '@room-restyler/core/internal';

export type ProxyClient = Pick<RoomClient, 'enhance' | 'restyle' | 'waitForPrediction'>;

type Operation = 'enhance' | 'restyle';
type RequestBody<O extends Operation> = O extends 'enhance' ? ProxyEnhanceRequest : ProxyRestyleRequest;

/**
 * The part of core's RoomClient the widget needs, over plain fetch to the key proxy's mirror.
 * core's `createRoomClient` does the same through openapi-fetch, which alone would cost ~4.5 kB
 * gzip of the 15 kB budget; errors, polling and prediction parsing are core's own functions.
 * Starts are never retried blindly (a credit must not be spent twice): only the proxy's free 428
 * refusal of a visitor without its cookie is sent again; polling rides out transient failures
 * inside core's waitForPrediction.
 */
export function createProxyClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ProxyClient {
  async function call(path: string, init: RequestInit & { signal?: AbortSignal | undefined }): Promise<unknown> {
    let response: Response;
    try {
      // Predictions change from one read to the next: never let an HTTP cache answer.
      response = await fetchImpl(`${baseUrl}${path}`, { ...init, credentials: 'include', cache: 'no-store' });
    } catch (error) {
      if (init.signal?.aborted) throw new AbortError('The request was aborted', { cause: error });
      throw new ConnectionError(`Could not reach ${baseUrl}`, { cause: error });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorFromResponse(response.status, body, { headers: response.headers });
    if (body === undefined) throw new ServerError(`${path}: the answer was not JSON`, { status: response.status });
    return body;
  }

  async function start<O extends Operation>(operation: O, input: RequestBody<O>, options: StartOptions = {}): Promise<GenerationStarted> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const init = { method: 'POST', headers, body: JSON.stringify(input), ...(options.signal ? { signal: options.signal } : {}) };
    // A first visit has no visitor cookie yet: the proxy refuses (free) and sets it; sent again once with it.
    const ack = await call(PROXY_PATHS[operation], init).catch((error: { status?: number }) =>
      error.status === 428 ? call(PROXY_PATHS[operation], init) : Promise.reject(error),
    );
    const requestId = requestIdOf(ack);
    if (!requestId) throw new ServerError(`${operation}: no request id in the answer`, { body: ack });
    const message = (ack as { message?: unknown }).message;
    return { requestId, message: typeof message === 'string' ? message : '' };
  }

  const read = async (id: string, { signal }: { signal: AbortSignal }): Promise<Prediction> =>
    normalizePrediction(await call(PROXY_PATHS.prediction.replace('{handle}', encodeURIComponent(id)), { signal }));

  return {
    enhance: (input, options) => start('enhance', input, options),
    restyle: (input, options) => start('restyle', input, options),
    waitForPrediction: (id: string, options?: WaitOptions) => waitForPrediction(read, id, options),
  };
}
