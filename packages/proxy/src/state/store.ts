/**
 * Where the proxy keeps everything that must be shared by all requests — and, with a networked
 * store such as Redis, by all instances. Every operation that guards credits is a single atomic
 * step: no read-then-write in the proxy's own code. A store whose backend is unreachable should
 * reject promptly (the proxy then answers 503 and spends nothing) rather than queue the call.
 */

export interface HitResult {
  /** False when the window is already full; a refused hit is not counted. */
  allowed: boolean;
  /** Hits counted in the current window (after this one, when allowed). */
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export type Unsubscribe = () => Promise<void>;

export interface ProxyStore {
  /**
   * Fixed-window counter: counts one hit unless `limit` hits were already counted in the window.
   * With a limit of 0 it only reads the window (count, end) and writes nothing.
   */
  hit(key: string, windowMs: number, limit: number): Promise<HitResult>;
  /** Gives back one counted hit (a later check refused the same request); a window back at zero is deleted. */
  release(key: string): Promise<void>;
  /** Set-if-absent: stores `value` and returns undefined, or returns the value already there. */
  claim(key: string, value: string, ttlMs: number): Promise<string | undefined>;
  /** Extends `key` only while it still holds `value` (a lease renewed by its owner). */
  renew(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Compare-and-set: writes `value` only while `key` still holds `expected`; false when it holds anything else or nothing. */
  replace(key: string, expected: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
