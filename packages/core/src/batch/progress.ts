/** One progress stream for a whole batch: counts, the concurrency allowed now, and an estimate. */
import type { ItemEnd } from './run-item.js';

export interface BatchProgress {
  total: number;
  succeeded: number;
  failed: number;
  /** Items in flight (starting or generating). */
  running: number;
  /** Not ended yet, running ones included. */
  remaining: number;
  /** Items allowed in flight now (lowered on a 429, creeping back up on success). */
  concurrency: number;
  paused: boolean;
  /** From this run's item durations and the concurrency; undefined before the first item ends. */
  estimatedRemainingMs: number | undefined;
  /** The item that just ended, if that is why this update came. */
  ended?: ItemEnd | undefined;
}

/** Remaining items in waves of `concurrency`, each as long as this run's items took on average. */
export function estimateBatchMs(durations: readonly number[], remaining: number, concurrency: number): number | undefined {
  if (durations.length === 0) return undefined;
  const average = durations.reduce((sum, ms) => sum + ms, 0) / durations.length;
  return Math.round(average * Math.ceil(remaining / concurrency));
}
