/** What all requests (with Redis, all instances) share; a store that cannot be reached should reject promptly (503 `store_unavailable`). */
import { createMemoryStartStore, type HitResult, type StartStore } from '@room-restyler/core/internal';
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

/** One process: core's memory store (atomic, as JavaScript runs each call to completion) plus channels. */
export function createMemoryStore(options: { now?: () => number } = {}): ProxyStore {
  const values = createMemoryStartStore(options);
  const channels = new Map<string, Set<(message: string) => void>>();
  return {
    ...values,
    async publish(channel, message) {
      for (const listener of channels.get(channel) ?? []) listener(message);
    },
    async subscribe(channel, listener) {
      const listeners = channels.get(channel) ?? new Set();
      channels.set(channel, listeners.add(listener));
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0) channels.delete(channel);
      };
    },
    async close() {
      values.clear();
      channels.clear();
    },
  };
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
