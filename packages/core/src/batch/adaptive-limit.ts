/**
 * How many items may be in flight: additive increase, multiplicative decrease. A 429 halves the
 * window, each success adds 1/window (about one more per window of successes); never above `max`
 * nor below one.
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

  rateLimited(): void {
    this.#window = Math.max(1, this.limit / 2);
  }

  succeeded(): void {
    this.#window = Math.min(this.max, this.#window + 1 / this.#window);
  }
}
