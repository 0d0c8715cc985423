/** The operator page's last 24 hours on this instance: counts per hour and the slowest jobs. */
const HOUR_MS = 60 * 60 * 1000;
const HOURS = 24;
const SLOWEST = 10;

/** An hour's counts; `at` is its start (ms since the epoch). */
export type HourCounts = Record<'at' | 'started' | 'succeeded' | 'failed' | 'unknown' | 'refused' | 'credits', number>;
/** A job that ended `at` (ms since the epoch). */
export type EndedJob = { operation: string; outcome: string; seconds: number; at: number };

export class History {
  /** By the hour's start; hours older than a day are dropped. */
  readonly #hours = new Map<number, HourCounts>();
  #slowest: EndedJob[] = [];
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Adds `count` to the current hour's `what`. */
  add(what: Exclude<keyof HourCounts, 'at'>, count = 1): void {
    const at = this.#hourStart();
    let hour = this.#hours.get(at);
    if (!hour) {
      hour = empty(at);
      this.#hours.set(at, hour);
      for (const old of this.#hours.keys()) if (old <= at - HOURS * HOUR_MS) this.#hours.delete(old);
    }
    hour[what] += count;
  }

  ended(job: Omit<EndedJob, 'at'>): void {
    const since = this.#hourStart() - HOURS * HOUR_MS;
    const kept = this.#slowest.filter((other) => other.at > since);
    this.#slowest = [...kept, { ...job, at: this.#now() }].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  }

  /** Every hour of the last 24 (zeros where nothing happened) and the slowest jobs. */
  read(): { hours: HourCounts[]; slowest: EndedJob[] } {
    const current = this.#hourStart();
    const hours = Array.from({ length: HOURS }, (_, i) => current - (HOURS - 1 - i) * HOUR_MS).map(
      (at) => this.#hours.get(at) ?? empty(at),
    );
    const since = current - HOURS * HOUR_MS;
    return { hours, slowest: this.#slowest.filter((job) => job.at > since) };
  }

  #hourStart(): number {
    const now = this.#now();
    return now - (now % HOUR_MS);
  }
}

const empty = (at: number): HourCounts => ({ at, started: 0, succeeded: 0, failed: 0, unknown: 0, refused: 0, credits: 0 });
