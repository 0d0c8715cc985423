/**
 * A clock tests move by hand: `sleep`s resolve only when `advance` passes their time. It matches
 * core's `Clock` structurally (the kit imports no package of the project). A sleeper that ends,
 * by time or by abort, removes its abort listener, so long-lived signals collect no listeners.
 */

interface Sleeper {
  at: number;
  wake: () => void;
}

export interface ManualClockOptions {
  /** Epoch ms the clock starts at. */
  start?: number;
  /** Let every sleep pass at once, moving time by its length: for code that only waits, where a test counts the waits. */
  auto?: boolean;
}

export class ManualClock {
  #now: number;
  #sleepers = new Set<Sleeper>();
  readonly #auto: boolean;
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];

  constructor(options: ManualClockOptions = {}) {
    this.#now = options.start ?? Date.UTC(2025, 0, 15, 12);
    this.#auto = options.auto ?? false;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      if (this.#auto) {
        this.#now += ms;
        queueMicrotask(() => (signal?.aborted ? reject(signal.reason) : resolve()));
        return;
      }
      const onAbort = () => {
        this.#sleepers.delete(sleeper);
        reject(signal?.reason);
      };
      const sleeper: Sleeper = {
        at: this.#now + ms,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.#sleepers.add(sleeper);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Pending sleeps (a poller waiting for its next poll). */
  get sleeping(): number {
    return this.#sleepers.size;
  }

  /** Moves time forward, waking due sleepers in order and letting their continuations run. */
  async advance(ms: number): Promise<void> {
    this.#now += ms;
    const due = [...this.#sleepers].filter((s) => s.at <= this.#now).sort((a, b) => a.at - b.at);
    for (const sleeper of due) {
      this.#sleepers.delete(sleeper);
      sleeper.wake();
    }
    await settle();
  }

  /** Advances in steps until `condition` holds, for flows that sleep several times. */
  async advanceUntil(condition: () => boolean, stepMs: number, maxSteps = 1_000): Promise<void> {
    for (let step = 0; !condition(); step++) {
      if (step >= maxSteps) throw new Error(`condition still false after ${maxSteps} steps of ${stepMs} ms`);
      await this.advance(stepMs);
    }
  }
}

/** Lets pending promise chains and I/O callbacks run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Waits until `condition` holds (checked every few ms). The condition may be async, e.g. a request
 * that reads the state under test. `timeoutMs` is only a safety net that names what never came: on a
 * busy machine a step that takes milliseconds may take many seconds, so it is long.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
