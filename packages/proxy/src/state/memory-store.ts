/**
 * The in-memory `ProxyStore`: core's memory store (one process, atomic because JavaScript runs each
 * call to completion; expiry on the injected clock) plus publish/subscribe within the process.
 */
import { createMemoryStartStore } from '@room-restyler/core/internal';
import type { ProxyStore } from './store.js';

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
