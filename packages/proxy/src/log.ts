/**
 * One JSON object per event, the key redacted before an entry reaches the sink. So that a flood cannot grow the logs,
 * a refusal the proxy decided itself is counted per reason: its first of a period in full, then the counts once a period.
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

/** Codes about the service (these and `upstream_*`) or a fault of the proxy's own: each keeps its own line (limits bound them). */
const NOT_REFUSALS = new Set<ProxyErrorCode>([
  'insufficient_credits',
  'rate_limited',
  'bad_upstream_response',
  'generation_unknown',
  'internal_error',
]);
const isRefusal = (code: ProxyErrorCode) => !code.startsWith('upstream_') && !NOT_REFUSALS.has(code);

/** A refusal the proxy decided itself (limits, bad input, origin, 404…), or undefined for anything else. */
export function refusalOf(error: unknown): ProxyHttpError | undefined {
  return error instanceof ProxyHttpError && isRefusal(error.code) ? error : undefined;
}

/** What each answer logs; `close` logs what is counted (also at shutdown) and stops the timer. */
export function createRequestLog(log: Logger, clock: Clock) {
  let counts = new Map<ProxyErrorCode, number>();
  /** When the first refusal of the period was counted. */
  let since = 0;
  const summarize = () => {
    if (counts.size === 0) return;
    const line = { counts: Object.fromEntries(counts), since: new Date(since).toISOString(), until: new Date(clock.now()).toISOString() };
    counts = new Map();
    log({ level: 'info', msg: 'refusals', ...line });
  };
  const summarizeIfDue = () => {
    if (counts.size > 0 && clock.now() - since >= REFUSAL_PERIOD_MS) summarize();
  };
  const timer = setInterval(summarizeIfDue, CHECK_EVERY_MS);
  // Node: the summary alone must not keep a process alive.
  (timer as { unref?: () => void }).unref?.();
  return {
    /** `error`: what the handler threw, when it threw (a refusal is told by its code); the other fields are logged as they are. */
    answered({ error, ...line }: { error?: unknown; [field: string]: unknown }): void {
      summarizeIfDue();
      const refusal = refusalOf(error);
      if (!refusal) {
        log({ level: 'info', msg: 'request', ...line });
        return;
      }
      if (counts.size === 0) since = clock.now();
      const count = counts.get(refusal.code) ?? 0;
      counts.set(refusal.code, count + 1);
      if (count === 0) log({ level: 'info', msg: 'refused', reason: refusal.code, ...line, error: refusal.message });
    },
    close(): void {
      clearInterval(timer);
      summarize();
    },
  };
}
