/**
 * Where the start-once pieces keep what every start of one deployment must see: the starts not yet
 * resolved, the jobs it knows, the Idempotency-Key records. Pluggable: memory by default (one
 * process: the MCP server, tests), and the key proxy plugs in its store (Redis for several
 * instances). Each operation is one atomic step in the store — who owns a job is decided by a
 * single `claim`, never by a read and a write — and a store whose backend is unreachable should
 * reject promptly rather than queue the call.
 */

export interface HitResult {
  /** False when the window is already full; a refused hit is not counted. */
  allowed: boolean;
  /** Hits counted in the current window (after this one, when allowed). */
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export interface StartStore {
  /**
   * Fixed-window counter: counts one hit unless `limit` hits were already counted in the window.
   * With a limit of 0 it only reads the window (count, end) and writes nothing.
   */
  hit(key: string, windowMs: number, limit: number): Promise<HitResult>;
  /** Gives back one counted hit; a window back at zero is deleted. */
  release(key: string): Promise<void>;
  /** Set-if-absent: stores `value` and returns undefined, or returns the value already there. */
  claim(key: string, value: string, ttlMs: number): Promise<string | undefined>;
  /** Compare-and-set: writes `value` only while `key` still holds `expected`; false when it holds anything else or nothing. */
  replace(key: string, expected: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
}
