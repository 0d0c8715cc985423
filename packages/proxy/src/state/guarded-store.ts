/**
 * The store as the proxy uses it: any failure of the backend (Redis restarting, a network split)
 * becomes one clear error, a JSON 503 `store_unavailable` with `Retry-After`, instead of a 500.
 * Every route reaches the store before the service, so a generation refused this way has spent nothing.
 */
import { ProxyHttpError } from '../http/responses.js';
import type { ProxyStore } from './store.js';

/** Seconds a client is told to wait: a Redis restart or failover usually takes a few. */
const RETRY_AFTER_SECONDS = 5;

const guarded =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await call(...args);
    } catch (cause) {
      if (cause instanceof ProxyHttpError) throw cause;
      const message = 'The proxy cannot reach its shared state right now, so nothing was started or charged; try again in a moment';
      const error = new ProxyHttpError(503, 'store_unavailable', message, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
      throw Object.assign(error, { cause });
    }
  };

export function guardStore(store: ProxyStore): ProxyStore {
  return {
    hit: guarded((key, windowMs, limit) => store.hit(key, windowMs, limit)),
    release: guarded((key) => store.release(key)),
    claim: guarded((key, value, ttlMs) => store.claim(key, value, ttlMs)),
    renew: guarded((key, value, ttlMs) => store.renew(key, value, ttlMs)),
    replace: guarded((key, expected, value, ttlMs) => store.replace(key, expected, value, ttlMs)),
    get: guarded((key) => store.get(key)),
    set: guarded((key, value, ttlMs) => store.set(key, value, ttlMs)),
    delete: guarded((key) => store.delete(key)),
    publish: guarded((channel, message) => store.publish(channel, message)),
    subscribe: guarded(async (channel, listener) => guarded(await store.subscribe(channel, listener))),
    close: () => store.close(),
  };
}
