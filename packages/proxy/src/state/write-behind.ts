/**
 * Store writes that must happen even when the store fails when they are due (what the proxy learned from an accepted
 * start): a failed step and those after it are tried again every second until they succeed or are too old to matter.
 */
import type { Logger } from '../log.js';

/** One write; it may look at what earlier steps of its batch did. */
export type WriteStep = () => Promise<unknown>;

interface WriteBehindOptions {
  now: () => number;
  log: Logger;
  /** A batch still failing after this is dropped. */
  maxAgeMs: number;
  retryEveryMs?: number;
}

/** The most batches kept waiting: a store away for long must not grow memory without bound. */
const MAX_BATCHES = 10_000;

export class WriteBehind {
  readonly #options: Required<WriteBehindOptions>;
  #waiting: { steps: WriteStep[]; until: number }[] = [];
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing = false;

  constructor(options: WriteBehindOptions) {
    this.#options = { retryEveryMs: 1_000, ...options };
  }

  /** Runs `steps` in order now; what fails is kept for later. Never throws. */
  async run(steps: WriteStep[]): Promise<void> {
    const left = await runSteps(steps);
    if (left.length === 0) return;
    if (this.#waiting.length >= MAX_BATCHES) {
      this.#waiting.shift();
      this.#options.log({ level: 'error', msg: 'store writes dropped: too many waiting for the store to come back' });
    }
    this.#waiting.push({ steps: left, until: this.#options.now() + this.#options.maxAgeMs });
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#flush(), this.#options.retryEveryMs);
    // Node: the retries alone must not keep a process alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Writes still waiting for the store. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** One last try, then whatever still fails is dropped. */
  async close(): Promise<void> {
    this.#stop();
    await this.#flush();
    if (this.#waiting.length > 0) this.#options.log({ level: 'warn', msg: 'store writes lost at shutdown', batches: this.#waiting.length });
    this.#waiting = [];
  }

  /** Batches in order; the first one the store still fails keeps itself and the rest for the next round. */
  async #flush(): Promise<void> {
    if (this.#flushing) return;
    this.#flushing = true;
    const now = this.#options.now();
    const batches = this.#waiting.splice(0).filter((batch) => batch.until >= now);
    for (const [i, batch] of batches.entries()) {
      batch.steps = await runSteps(batch.steps);
      if (batch.steps.length > 0) {
        this.#waiting.unshift(...batches.slice(i));
        break;
      }
    }
    this.#flushing = false;
    if (this.#waiting.length === 0) this.#stop();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The steps from the first one that failed on. */
async function runSteps(steps: WriteStep[]): Promise<WriteStep[]> {
  for (const [i, step] of steps.entries()) {
    try {
      await step();
    } catch {
      return steps.slice(i);
    }
  }
  return [];
}
