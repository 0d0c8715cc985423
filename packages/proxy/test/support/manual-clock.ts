/** A clock tests move by hand: `sleep`s resolve only when `advance` passes their time. */
import type { Clock } from '@room-restyler/core';

interface Sleeper {
  at: number;
  resolve: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];

  constructor(start = Date.UTC(2025, 0, 15, 12)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = { at: this.#now + ms, resolve };
      this.#sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Pending sleeps (a poller waiting for its next poll). */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  /** Moves time forward, waking due sleepers in order and letting their continuations run. */
  async advance(ms: number): Promise<void> {
    this.#now += ms;
    const due = this.#sleepers.filter((s) => s.at <= this.#now).sort((a, b) => a.at - b.at);
    this.#sleepers = this.#sleepers.filter((s) => s.at > this.#now);
    for (const sleeper of due) sleeper.resolve();
    await settle();
  }
}

/** Lets pending promise chains and I/O callbacks run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Waits until `condition` holds (checked on each turn of the event loop), failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
