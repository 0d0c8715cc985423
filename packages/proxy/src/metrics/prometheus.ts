/**
 * The proxy's Prometheus metrics (prom-client, Node only), counted from what the proxy observes
 * (`ProxyObserver`). Per process, in a registry of its own: with several instances Prometheus sums
 * the counters; the budget and store gauges read shared state, so take their max instead. No label
 * carries a visitor, an IP, a URL or a key: each label's values are one of the sets in `LABELS`.
 */
import { operationCredits, type ProxyErrorCode } from '@room-restyler/core';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ProxyHttpError } from '../http/responses.js';
import { dailyCheck } from '../limits/limits.js';
import { type LogEntry, refusalOf } from '../log.js';
import type { AdminContext, AnsweredRequest, UpstreamCall } from './observer.js';

export const GENERATION_OUTCOMES = ['started', 'succeeded', 'failed', 'unknown'] as const;
export type GenerationOutcome = (typeof GENERATION_OUTCOMES)[number];

const PREFIX = 'room_restyler_';
/** The generation routes' names are their operations; anything else (a job whose operation is unknown) is `unknown`. */
const operationOf = (name: unknown): string => (typeof name === 'string' && Object.hasOwn(operationCredits, name) ? name : 'unknown');
const creditsOf = (operation: string): number => operationCredits[operation as keyof typeof operationCredits] ?? 1;

/** What the proxy counted, for the metrics and the operator page. */
export interface CountedEvent {
  kind: 'generation' | 'refusal' | 'credits';
  outcome?: GenerationOutcome;
  operation?: string;
  reason?: string;
  credits?: number;
  /** A job's duration, for one that ended. */
  ms?: number;
}

export class ProxyMetrics {
  readonly registry = new Registry();
  readonly #generations = new Counter({
    name: `${PREFIX}generations_total`,
    help: 'Generations by operation and outcome: started (the service accepted it), succeeded, failed, unknown (its answer lost and not found again; never resent)',
    labelNames: ['operation', 'outcome'],
    registers: [this.registry],
  });
  readonly #credits = new Counter({
    name: `${PREFIX}credits_spent_total`,
    help: 'Credits spent on starts the service accepted',
    labelNames: ['operation'],
    registers: [this.registry],
  });
  readonly #creditsUnknown = new Counter({
    name: `${PREFIX}credits_unknown_total`,
    help: 'Credits of starts whose answer was lost and not found again: the service may have charged them (the budget counts them)',
    labelNames: ['operation'],
    registers: [this.registry],
  });
  readonly #refusals = new Counter({
    name: `${PREFIX}refusals_total`,
    help: 'Requests the proxy refused itself, by reason (the JSON error code): limits, budget, origin, image URL, bad input…',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  readonly #upstreamRequests = new Counter({
    name: `${PREFIX}upstream_requests_total`,
    help: "Calls to the generation service by its route and HTTP status ('error': no answer)",
    labelNames: ['route', 'status'],
    registers: [this.registry],
  });
  readonly #upstreamDuration = new Histogram({
    name: `${PREFIX}upstream_request_duration_seconds`,
    help: 'How long the generation service took to answer, by route',
    labelNames: ['route'],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly #jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: "A job's time from its start to its result, by operation and outcome (counted by the instance that polled the end)",
    labelNames: ['operation', 'outcome'],
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });
  readonly #uploads = new Counter({
    name: `${PREFIX}uploads_total`,
    help: "Image uploads by outcome (accepted, refused) and reason (the refusal's code; 'none' when accepted)",
    labelNames: ['outcome', 'reason'],
    registers: [this.registry],
  });
  readonly #uploadBytes = new Counter({
    name: `${PREFIX}upload_bytes_total`,
    help: 'Bytes of the images stored (after re-encoding)',
    registers: [this.registry],
  });
  /** Told each counted event (the operator page's history). */
  readonly #onCounted: (event: CountedEvent) => void;

  constructor(context: AdminContext, onCounted: (event: CountedEvent) => void = () => {}) {
    this.#onCounted = onCounted;
    const { limits, store, hub } = context;
    collectDefaultMetrics({ register: this.registry });
    const gauge = (name: string, help: string, read: () => number | undefined | Promise<number | undefined>) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        registers: [this.registry],
        async collect() {
          const value = await read();
          // A reading that cannot be made leaves the gauge absent, not at a stale or made-up value.
          if (value === undefined) this.reset();
          else this.set(value);
        },
      });
    gauge('event_streams', 'Event streams (SSE viewers) open on this instance', () => hub.streams);
    gauge('jobs_followed', 'Jobs this instance follows right now', () => hub.activeJobs);
    gauge('store_up', 'Whether the shared store (Redis) answers: 1 or 0', () => storeUp(store));
    const budget = limits.dailyCredits;
    if (Number.isFinite(budget)) {
      gauge('daily_budget_credits', 'The daily credit budget (limits.dailyCredits)', () => budget);
      gauge(
        'budget_left_credits',
        "Credits left in today's (UTC) budget, shared by every instance (use max, not sum); absent while the store is away",
        () => budgetLeft(context),
      );
    }
  }

  logged(entry: LogEntry): void {
    if (entry.msg === 'generation started') {
      const operation = operationOf(entry.operation);
      const credits = creditsOf(operation);
      this.#generation(operation, 'started');
      this.#credits.inc({ operation }, credits);
      this.#onCounted({ kind: 'credits', operation, credits });
    } else if (entry.msg === 'generation outcome unknown' && entry.outcome === 'unknown') {
      // Once per start (a replay of its key logs 'lost start reconciled'), not per 502 answered.
      const operation = operationOf(entry.operation);
      this.#generation(operation, 'unknown');
      this.#creditsUnknown.inc({ operation }, creditsOf(operation));
    } else if (entry.msg === 'job ended') {
      const operation = operationOf(entry.operation);
      const outcome = entry.outcome === 'succeeded' ? 'succeeded' : 'failed';
      const ms = typeof entry.ms === 'number' ? entry.ms : 0;
      this.#generation(operation, outcome, ms);
      this.#jobDuration.observe({ operation, outcome }, ms / 1000);
    } else if (entry.msg === 'upload stored') {
      this.#uploads.inc({ outcome: 'accepted', reason: 'none' });
      if (typeof entry.bytes === 'number') this.#uploadBytes.inc(entry.bytes);
    }
  }

  answered({ route, error }: AnsweredRequest): void {
    const refusal = refusalOf(error);
    if (refusal) {
      this.#refusals.inc({ reason: refusal.code });
      this.#onCounted({ kind: 'refusal', reason: refusal.code });
    }
    const code: ProxyErrorCode | undefined = error instanceof ProxyHttpError ? error.code : undefined;
    if (route === 'upload' && code) this.#uploads.inc({ outcome: 'refused', reason: code });
  }

  upstreamCalled({ route, status, seconds }: UpstreamCall): void {
    this.#upstreamRequests.inc({ route, status: String(status) });
    this.#upstreamDuration.observe({ route }, seconds);
  }

  #generation(operation: string, outcome: GenerationOutcome, ms?: number): void {
    this.#generations.inc({ operation, outcome });
    this.#onCounted({ kind: 'generation', operation, outcome, ...(ms === undefined ? {} : { ms }) });
  }
}

/** 1 when the store answers a read, else 0. */
export async function storeUp(store: AdminContext['store']): Promise<0 | 1> {
  return store.get('readyz').then(
    () => 1 as const,
    () => 0 as const,
  );
}

/** Credits left in today's budget, from the store's count of the day (a read: a hit with limit 0); undefined when it cannot be read. */
export async function budgetLeft({ clock, limits, store }: AdminContext): Promise<number | undefined> {
  const now = clock.now();
  const day = dailyCheck('gen', limits, now);
  const window = await store.hit(day.key, day.windowMs, 0).catch(() => undefined);
  return window && Math.max(0, limits.dailyCredits - window.count);
}
