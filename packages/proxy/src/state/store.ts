/**
 * Where the proxy keeps everything that must be shared by all requests — and, with a networked
 * store such as Redis, by all instances. Every operation that guards credits is a single atomic
 * step: no read-then-write in the proxy's own code. A store whose backend is unreachable should
 * reject promptly (the proxy then answers 503 and spends nothing) rather than queue the call.
 */
import type { HitResult, StartStore } from '@room-restyler/core/internal';

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
