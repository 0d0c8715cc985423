/**
 * Where the proxy keeps everything shared by all requests and, with a networked store such as Redis,
 * by all instances. Every operation that guards credits is a single atomic step. A store whose backend
 * is unreachable should reject promptly rather than queue the call: the proxy then answers 503
 * `store_unavailable` with `Retry-After` (every route reaches the store before the service, so nothing was spent).
 */
import type { HitResult, StartStore } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';

export type { HitResult };

export type Unsubscribe = () => Promise<void>;

/** The start ledger's store (core's `StartStore`) plus leases, plain writes and channels. */
export interface ProxyStore extends StartStore {
  /** Extends `key` only while it still holds `value` (a lease renewed by its owner). */
  renew(key: string, value: string, ttlMs: number): Promise<boolean>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}

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
