/**
 * The in-memory `ProxyStore`: core's memory store (one process, atomic because JavaScript runs each
 * call to completion; expiry on the injected clock) plus publish/subscribe within the process.
 */
import { createMemoryStartStore } from '@room-restyler/core/internal';
import type { ProxyStore, Unsubscribe } from './store.js';

export function createMemoryStore(options: { now?: () => number } = {}): ProxyStore {
  const values = createMemoryStartStore(options);
  const channels = new Map<string, Set<(message: string) => void>>();
  return {
    hit: values.hit,
    release: values.release,
    claim: values.claim,
    renew: values.renew,
    replace: values.replace,
    get: values.get,
    set: values.set,
    delete: values.delete,
    async publish(channel, message) {
      for (const listener of channels.get(channel) ?? []) listener(message);
    },
    async subscribe(channel, listener): Promise<Unsubscribe> {
      const listeners = channels.get(channel) ?? new Set();
      listeners.add(listener);
      channels.set(channel, listeners);
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
