/** Runs at most `concurrency` tasks at once, so a burst of jobs cannot decode 100 photos together. */
export class Limiter {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}
