/**
 * The in-memory `StartStore`: one process, atomic because JavaScript runs each call to completion.
 * Expiry follows the injected clock, so tests move time instead of sleeping. The key proxy's memory
 * store is this one plus its publish/subscribe.
 */
import type { HitResult, StartStore } from './start-store.js';

export interface MemoryStore extends StartStore {
  /** Extends `key` only while it still holds `value` (a lease renewed by its owner). */
  renew(key: string, value: string, ttlMs: number): Promise<boolean>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Forgets everything. */
  clear(): void;
}

interface Entry {
  value: string;
  expiresAt: number;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryStartStore(options: { now?: () => number } = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let lastSweep = now();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function write(key: string, value: string, ttlMs: number): void {
    const at = now();
    entries.set(key, { value, expiresAt: at + ttlMs });
    if (at - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at;
      for (const [k, entry] of entries) if (entry.expiresAt <= at) entries.delete(k);
    }
  }

  return {
    async hit(key, windowMs, limit): Promise<HitResult> {
      const entry = live(key);
      if (!entry) {
        const resetAt = now() + windowMs;
        if (limit < 1) return { allowed: false, count: 0, resetAt };
        write(key, '1', windowMs);
        return { allowed: true, count: 1, resetAt };
      }
      const count = Number(entry.value);
      if (count >= limit) return { allowed: false, count, resetAt: entry.expiresAt };
      entry.value = String(count + 1);
      return { allowed: true, count: count + 1, resetAt: entry.expiresAt };
    },
    async release(key) {
      const entry = live(key);
      // A window back at zero is forgotten: a refused request leaves nothing behind.
      if (entry && Number(entry.value) <= 1) entries.delete(key);
      else if (entry) entry.value = String(Number(entry.value) - 1);
    },
    async claim(key, value, ttlMs) {
      const entry = live(key);
      if (entry) return entry.value;
      write(key, value, ttlMs);
      return undefined;
    },
    async renew(key, value, ttlMs) {
      const entry = live(key);
      if (entry?.value !== value) return false;
      entry.expiresAt = now() + ttlMs;
      return true;
    },
    async replace(key, expected, value, ttlMs) {
      if (live(key)?.value !== expected) return false;
      write(key, value, ttlMs);
      return true;
    },
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlMs) {
      write(key, value, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
