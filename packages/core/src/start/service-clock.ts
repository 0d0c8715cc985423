/**
 * How the service's clock stands to ours, learned from the jobs it acknowledged: the service
 * created each one after we sent its POST and before the answer arrived, so its `created_at`
 * bounds the offset (service time minus ours) from both sides. Every listed job the ledger
 * knows so narrows the window a lost start's job must fall in — to the time a POST takes, instead
 * of the clocks' worst case — so other lost jobs nearby are told apart from it.
 */

/** How far the clocks may be apart when nothing narrows it. */
export const CLOCK_SKEW_MS = 5_000;

export interface OffsetSample {
  /** The service's `created_at` (ms). */
  createdAt: number;
  /** When the POST was sent and its answer came (our clock). */
  sent: number;
  answered: number;
}

/** Service time minus ours lies within [min, max]. */
export interface OffsetBounds {
  min: number;
  max: number;
}

/**
 * The bounds all samples agree on, within ±CLOCK_SKEW_MS; the full skew when there are none or
 * they disagree (a clock was set meanwhile). `granularityMs`: `created_at` may be truncated to this.
 */
export function offsetBounds(samples: readonly OffsetSample[], granularityMs: number): OffsetBounds {
  let min = -CLOCK_SKEW_MS;
  let max = CLOCK_SKEW_MS;
  for (const { createdAt, sent, answered } of samples) {
    min = Math.max(min, createdAt - answered);
    max = Math.min(max, createdAt + granularityMs - sent);
  }
  return min <= max ? { min, max } : { min: -CLOCK_SKEW_MS, max: CLOCK_SKEW_MS };
}

/** 1 s when every time has whole seconds (the service's example does), else 1 ms. */
export function granularityOf(times: readonly number[]): number {
  return times.length > 0 && times.every((t) => t % 1_000 === 0) ? 1_000 : 1;
}
