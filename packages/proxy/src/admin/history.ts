/** The operator page's last 24 hours on this instance: counts per hour and the slowest jobs. */
import type { CountedEvent } from '../metrics/prometheus.js';

const HOUR_MS = 60 * 60 * 1000;
const HOURS = 24;
const SLOWEST = 10;

export interface HourCounts {
  /** The hour's start (ms since the epoch). */
  at: number;
  started: number;
  succeeded: number;
  failed: number;
  unknown: number;
  refused: number;
  credits: number;
}

export interface EndedJob {
  operation: string;
  outcome: string;
  seconds: number;
  /** When it ended (ms since the epoch). */
  at: number;
}

export class History {
  readonly #hours: HourCounts[] = [];
  #slowest: EndedJob[] = [];
  readonly #refusals = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  count(event: CountedEvent): void {
    const hour = this.#hour();
    if (event.kind === 'credits') hour.credits += event.credits ?? 0;
    else if (event.kind === 'refusal') {
      hour.refused += 1;
      if (event.reason) this.#refusals.set(event.reason, (this.#refusals.get(event.reason) ?? 0) + 1);
    } else if (event.outcome) {
      hour[event.outcome] += 1;
      if (event.ms !== undefined)
        this.#ended({ operation: event.operation ?? 'unknown', outcome: event.outcome, seconds: event.ms / 1000, at: this.#now() });
    }
  }

  /** Every hour of the last 24 (zeros where nothing happened), the refusals by reason since start and the slowest jobs. */
  read(): { hours: HourCounts[]; refusals: Record<string, number>; slowest: EndedJob[] } {
    const current = this.#hourStart();
    const hours = Array.from({ length: HOURS }, (_, i) => {
      const at = current - (HOURS - 1 - i) * HOUR_MS;
      return this.#hours.find((hour) => hour.at === at) ?? empty(at);
    });
    const since = current - HOURS * HOUR_MS;
    return { hours, refusals: Object.fromEntries(this.#refusals), slowest: this.#slowest.filter((job) => job.at > since) };
  }

  #hourStart(): number {
    const now = this.#now();
    return now - (now % HOUR_MS);
  }

  /** The current hour's counts; hours older than a day are dropped. */
  #hour(): HourCounts {
    const at = this.#hourStart();
    let hour = this.#hours.at(-1);
    if (hour?.at !== at) {
      hour = empty(at);
      this.#hours.push(hour);
      while (this.#hours.length > HOURS) this.#hours.shift();
    }
    return hour;
  }

  #ended(job: EndedJob): void {
    const since = this.#hourStart() - HOURS * HOUR_MS;
    this.#slowest = [...this.#slowest.filter((kept) => kept.at > since), job].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  }
}

const empty = (at: number): HourCounts => ({ at, started: 0, succeeded: 0, failed: 0, unknown: 0, refused: 0, credits: 0 });
