/**
 * The proxy's Prometheus metrics (prom-client, Node only), counted from what the proxy observes
 * (`ProxyObserver`). Per process, in a registry of its own: with several instances Prometheus sums
 * the counters; the budget and store gauges read shared state, so take their max instead. No label
 * carries a visitor, an IP, a URL or a key: each is an operation, an outcome, an error code, a service path or a status.
 */
import { isGenerationOperation, operationCredits } from '@room-restyler/core';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { History } from '../admin/history.js';
import { ProxyHttpError } from '../http/responses.js';
import { actionsLeft, dailyCheck } from '../limits/limits.js';
import { type LogEntry, refusalOf } from '../log.js';
import type { AdminContext, AnsweredRequest, UpstreamCall } from './observer.js';

const PREFIX = 'room_restyler_';

export class ProxyMetrics {
  readonly registry = new Registry();
  /** The operator page's last 24 hours, counted with the metrics. */
  readonly history: History;
  readonly #generations = this.#counter(
    'generations_total',
    'Generations by operation and outcome: started (the service accepted it), succeeded, failed, unknown (its answer lost and not found again; never resent)',
    ['operation', 'outcome'],
  );
  readonly #credits = this.#counter('credits_spent_total', 'Credits spent on starts the service accepted', ['operation']);
  readonly #creditsUnknown = this.#counter(
    'credits_unknown_total',
    'Credits of starts whose answer was lost and not found again: the service may have charged them (the budget counts them)',
    ['operation'],
  );
  readonly refusals = this.#counter(
    'refusals_total',
    'Requests the proxy refused itself, by reason (the JSON error code): limits, budget, origin, image URL, bad input…',
    ['reason'],
  );
  readonly #upstreamRequests = this.#counter(
    'upstream_requests_total',
    "Calls to the generation service by its route and HTTP status ('error': no answer)",
    ['route', 'status'],
  );
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
  readonly #uploads = this.#counter(
    'uploads_total',
    "Image uploads by outcome (accepted, refused) and reason (the refusal's code; 'none' when accepted)",
    ['outcome', 'reason'],
  );
  readonly #uploadBytes = this.#counter('upload_bytes_total', 'Bytes of the images stored (after re-encoding)', []);

  constructor(context: AdminContext) {
    const { clock, limits, store, hub } = context;
    this.history = new History(() => clock.now());
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
    // A job whose operation is not known (a label value must be one of a known set) is `unknown`, at 1 credit.
    const operation = isGenerationOperation(entry.operation) ? entry.operation : 'unknown';
    const credits = operation === 'unknown' ? 1 : operationCredits[operation];
    if (entry.msg === 'generation started') {
      this.#generation(operation, 'started');
      this.#credits.inc({ operation }, credits);
      this.history.add('credits', credits);
    } else if (entry.msg === 'generation outcome unknown' && entry.outcome === 'unknown') {
      // Once per start (a replay of its key logs 'lost start reconciled'), not per 502 answered.
      this.#generation(operation, 'unknown');
      this.#creditsUnknown.inc({ operation }, credits);
    } else if (entry.msg === 'job ended') {
      const outcome = entry.outcome === 'succeeded' ? 'succeeded' : 'failed';
      const seconds = (typeof entry.ms === 'number' ? entry.ms : 0) / 1000;
      this.#generation(operation, outcome);
      this.#jobDuration.observe({ operation, outcome }, seconds);
      this.history.ended({ operation, outcome, seconds });
    } else if (entry.msg === 'upload stored') {
      this.#uploads.inc({ outcome: 'accepted', reason: 'none' });
      if (typeof entry.bytes === 'number') this.#uploadBytes.inc(entry.bytes);
    }
  }

  answered({ route, error }: AnsweredRequest): void {
    const refusal = refusalOf(error);
    if (refusal) {
      this.refusals.inc({ reason: refusal.code });
      this.history.add('refused');
    }
    if (route === 'upload' && error instanceof ProxyHttpError) this.#uploads.inc({ outcome: 'refused', reason: error.code });
  }

  upstreamCalled({ route, status, seconds }: UpstreamCall): void {
    this.#upstreamRequests.inc({ route, status: String(status) });
    this.#upstreamDuration.observe({ route }, seconds);
  }

  #counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name: `${PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  #generation(operation: string, outcome: 'started' | 'succeeded' | 'failed' | 'unknown'): void {
    this.#generations.inc({ operation, outcome });
    this.history.add(outcome);
  }
}

/** 1 when the store answers a read, else 0. */
export const storeUp = (store: AdminContext['store']): Promise<number> =>
  store.get('readyz').then(
    () => 1,
    () => 0,
  );

/** Credits left in today's budget, shared by every instance; undefined when the store cannot be read. */
export function budgetLeft({ clock, limits, store }: AdminContext): Promise<number | undefined> {
  return actionsLeft(store, [dailyCheck('gen', limits, clock.now())], 1).catch(() => undefined);
}
