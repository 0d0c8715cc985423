/**
 * Structured logging: one JSON object per event, the key redacted before an entry reaches the sink.
 * What each answer logs is decided here, so a flood cannot grow the logs: an answer served, or one
 * about the service, gets its own `request` line; a refusal the proxy decided itself (limits, bad
 * input, origin, 404…) is counted per reason, its first of a period logged in full and the counts
 * once a period in a `refusals` line: O(reasons) lines per period, however many requests.
 */
import type { Clock, ProxyErrorCode } from '@room-restyler/core';
import { redactValue } from '@room-restyler/core/internal';
import { ProxyHttpError } from './http/responses.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  [field: string]: unknown;
}

export type Logger = (entry: LogEntry) => void;

/** One JSON line per entry on stdout (console works on every runtime). */
export const jsonLinesLogger: Logger = (entry) => {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
};

export const silentLogger: Logger = () => {};

export function redactingLogger(sink: Logger, secrets: readonly string[]): Logger {
  return (entry) => {
    try {
      sink(redactValue(entry, secrets));
    } catch {
      // A failing sink, or an entry that cannot be serialized, must never take a request down with it.
    }
  };
}

/** How long refusals are counted before their summary is logged. */
const REFUSAL_PERIOD_MS = 60_000;
/** How often a real timer checks whether the period (on the proxy's clock) is over, when no answer does. */
const CHECK_EVERY_MS = 10_000;

/** Codes about the service, or a fault of the proxy's own: each keeps its own line (the limits bound how many reach the service). */
const NOT_REFUSALS: ReadonlySet<ProxyErrorCode> = new Set<ProxyErrorCode>([
  'insufficient_credits',
  'rate_limited',
  'upstream_auth',
  'upstream_refused',
  'upstream_error',
  'upstream_unreachable',
  'upstream_timeout',
  'bad_upstream_response',
  'generation_unknown',
  'internal_error',
]);

interface Answer {
  method: string;
  route: string;
  status: number;
  ms: number;
  /** What the handler threw, when it threw: a refusal is told by its code. */
  error?: unknown;
}

export class RequestLog {
  readonly #log: Logger;
  readonly #clock: Clock;
  #counts = new Map<ProxyErrorCode, number>();
  /** When the first refusal of the period was counted. */
  #since = 0;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(log: Logger, clock: Clock) {
    this.#log = log;
    this.#clock = clock;
    this.#timer = setInterval(() => this.#summarizeIfDue(), CHECK_EVERY_MS);
    // Node: the summary alone must not keep a process alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  answered(answer: Answer): void {
    this.#summarizeIfDue();
    const { error, ...line } = answer;
    const refusal = error instanceof ProxyHttpError && !NOT_REFUSALS.has(error.code) ? error : undefined;
    if (!refusal) {
      this.#log({ level: 'info', msg: 'request', ...line });
      return;
    }
    if (this.#counts.size === 0) this.#since = this.#clock.now();
    const count = this.#counts.get(refusal.code) ?? 0;
    this.#counts.set(refusal.code, count + 1);
    if (count === 0) this.#log({ level: 'info', msg: 'refused', reason: refusal.code, ...line, error: refusal.message });
  }

  /** Logs what is counted (also at shutdown) and stops the timer. */
  close(): void {
    clearInterval(this.#timer);
    this.#summarize();
  }

  #summarizeIfDue(): void {
    if (this.#counts.size > 0 && this.#clock.now() - this.#since >= REFUSAL_PERIOD_MS) this.#summarize();
  }

  #summarize(): void {
    if (this.#counts.size === 0) return;
    const counts = Object.fromEntries(this.#counts);
    this.#counts = new Map();
    const until = new Date(this.#clock.now()).toISOString();
    this.#log({ level: 'info', msg: 'refusals', counts, since: new Date(this.#since).toISOString(), until });
  }
}
