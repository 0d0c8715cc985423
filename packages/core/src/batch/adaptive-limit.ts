/**
 * How many items may be in flight. A 429 says the service would take no more than the items in
 * flight beside the refused one: the window becomes that count (never below one), so a burst of
 * refusals settles on the service's own limit and a stray 429 costs one place, not half the
 * window. Each success adds 1/window (about one more per window of successes); never above `max`.
 */
export class AdaptiveLimit {
  readonly max: number;
  #window: number;

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`AdaptiveLimit: max must be a positive integer, not ${max}`);
    this.max = max;
    this.#window = max;
  }

  /** Items allowed in flight now. */
  get limit(): number {
    return Math.max(1, Math.floor(this.#window));
  }

  /** `others`: the items in flight when the service refused one more. */
  rateLimited(others: number): void {
    this.#window = Math.min(this.max, Math.max(1, others));
  }

  succeeded(): void {
    this.#window = Math.min(this.max, this.#window + 1 / this.#window);
  }
}
