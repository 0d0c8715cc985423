/**
 * Many visitors generating at once through the proxy (spread over its instances, each visitor staying on
 * one, as a sticky load balancer does), against a simulator that injects faults.
 * Each flow is what the widget does: start with an Idempotency-Key (one per user action), wait,
 * and if the start failed, press "retry" once — a new action, so a new key. (For the same key the
 * proxy replays a 500, and reconciles a reset from the service's list of predictions: the job may
 * exist.) Returns what happened to every flow, every error answer's code and what the simulator saw,
 * for the reliability test's assertions and the benchmark's table.
 */
import { createRoomClient, isRoomApiError } from '@room-restyler/core';
import type { ProxyServer, ProxyServerOptions } from '@room-restyler/proxy/node';
import type { SimulatorStats } from '@room-restyler/simulator';
import { waitFor } from '@room-restyler/test-kit';
import { type Stack, startStack } from '../support/stack.js';
import { visitorFetch } from '../support/visitor.js';

export interface FaultProfile {
  errorRate: number;
  rateLimitRate: number;
  failRate: number;
  resetRate: number;
}

export const DEFAULT_FAULTS: FaultProfile = { errorRate: 0.1, rateLimitRate: 0.05, failRate: 0.1, resetRate: 0.03 };

export interface FlowsReport {
  flows: number;
  /** `succeeded`, or the typed error code the flow ended with; `untyped: …` would be a bug. */
  outcomes: Record<string, number>;
  /** Flows whose visitor pressed retry after a failed start. */
  retriedStarts: number;
  /** What the visitors were answered. */
  tally: VisitorTally;
  sim: SimulatorStats;
  proxyHealthy: boolean;
  elapsedMs: number;
}

/** The simulator with the run's faults and slow jobs, and `instances` of the proxy with limits that let every flow through. */
export function startFlowsStack(options: {
  seed: number;
  faults?: FaultProfile;
  instances?: number;
  proxy?: Partial<ProxyServerOptions>;
}): Promise<Stack> {
  return startStack({
    simulator: { ...(options.faults ?? DEFAULT_FAULTS), seed: options.seed, latencyMs: { min: 200, max: 1_500 } },
    proxy: {
      ...options.proxy,
      limits: { perIp: 100_000, perVisitor: 5, dailyCredits: Number.POSITIVE_INFINITY, ...options.proxy?.limits },
    },
    ...(options.instances === undefined ? {} : { instances: options.instances }),
  });
}

/**
 * Runs the flows on `stack` (which stays up for the caller to look at and close). `alongside` is other
 * traffic of the caller's during the run, awaited before the simulator's jobs are counted.
 */
export async function runFlows(stack: Stack, options: { flows: number; seed: number; alongside?: Promise<unknown> }): Promise<FlowsReport> {
  const started = Date.now();
  let retriedStarts = 0;
  const tally = newTally();
  const [results] = await Promise.all([
    Promise.all(
      Array.from({ length: options.flows }, (_, i) =>
        oneFlow(stack, stack.proxies[i % stack.proxies.length] as ProxyServer, tally, `flow-${options.seed}-${i}`, i).then(
          (retried) => {
            if (retried) retriedStarts++;
            return 'succeeded';
          },
          (error: unknown) => (isRoomApiError(error) ? error.code : `untyped: ${String(error)}`),
        ),
      ),
    ),
    options.alongside,
  ]);
  const elapsedMs = Date.now() - started;
  await settled(stack);
  const outcomes: Record<string, number> = {};
  for (const result of results) outcomes[result] = (outcomes[result] ?? 0) + 1;
  const healthy = await Promise.all(
    stack.proxies.map((proxy) =>
      fetch(`${proxy.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    ),
  );
  return {
    flows: options.flows,
    outcomes,
    retriedStarts,
    tally,
    sim: stack.sim.stats(),
    proxyHealthy: healthy.every(Boolean),
    elapsedMs,
  };
}

/**
 * What visitors were answered: every error answer's code (a first POST's 428 for the cookie, a 500 passed on…), the
 * Idempotency-Key of every start answered with a job, and of every start answered 502 generation_unknown.
 */
export interface VisitorTally {
  errorCodes: Record<string, number>;
  startedKeys: Set<string>;
  unknownKeys: Set<string>;
}

export const newTally = (): VisitorTally => ({ errorCodes: {}, startedKeys: new Set(), unknownKeys: new Set() });

/** A visitor's fetch (keeping its cookies) that counts what it is answered in `tally`. */
export function tallyingFetch(tally: VisitorTally): (url: string, init: RequestInit) => Promise<Response> {
  const fetch = visitorFetch();
  return async (url, init) => {
    const response = await fetch(url, init);
    const key = new Headers(init.headers).get('idempotency-key');
    if (response.ok && key !== null && init.method === 'POST') tally.startedKeys.add(key);
    if (response.status >= 400) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { code?: unknown };
      const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
      tally.errorCodes[code] = (tally.errorCodes[code] ?? 0) + 1;
      if (code === 'generation_unknown' && key !== null) tally.unknownKeys.add(key);
    }
    return response;
  };
}

/** Resolves with whether it took a retry; rejects with the flow's final error. */
async function oneFlow(stack: Stack, proxy: ProxyServer, tally: VisitorTally, idempotencyKey: string, i: number): Promise<boolean> {
  const client = createRoomClient({
    baseUrl: proxy.url,
    fetch: tallyingFetch(tally),
    retry: { baseDelayMs: 100, maxDelayMs: 1_000 },
  });
  const input = { operation: 'restyle' as const, image_url: stack.photoUrl, style: i % 2 ? 'japandi' : 'coastal' };
  let phase = 'starting';
  const attempt = (key: string) =>
    client.generate(input, {
      idempotencyKey: key,
      timeoutMs: 60_000,
      onProgress: (p) => {
        if (p.phase !== 'failed') phase = p.phase;
      },
    });
  try {
    await attempt(idempotencyKey);
    return false;
  } catch (error) {
    // `phase` is the last phase reached before `failed`: only a start that failed is retried.
    const retryable = phase === 'starting' && isRoomApiError(error) && ['connection', 'server_error', 'rate_limited'].includes(error.code);
    if (!retryable) throw error;
    await attempt(`${idempotencyKey}-retry`);
    return true;
  }
}

/** Jobs whose acknowledgement was lost still run to the end; wait for them before counting credits. */
function settled(stack: Stack): Promise<void> {
  return waitFor(() => stack.sim.stats().jobs.running === 0, 'the simulator’s jobs to end after the flows');
}

/** The outcomes and the service-side counts as a Markdown table. */
export function outcomeTable(report: FlowsReport): string {
  const rows = Object.entries(report.outcomes)
    .sort(([, a], [, b]) => b - a)
    .map(([outcome, count]) => `| ${outcome} | ${count} | ${((100 * count) / report.flows).toFixed(1)} % |`);
  const { jobs, credits, faults } = report.sim;
  return [
    '| flow outcome | flows | share |',
    '|---|---|---|',
    ...rows,
    '',
    `Simulator: ${jobs.accepted} jobs accepted (${jobs.succeeded} succeeded, ${jobs.failed} failed); credits debited ${credits.debited}, refunded ${credits.refunded}; faults injected: ${faults.serverErrors} × 500, ${faults.rateLimited} × 429, ${faults.resets} resets (${faults.resetsAfterJobCreated} after the job was created), ${faults.failedJobs} failed jobs. Jobs whose acknowledgement a reset swallowed: ${report.sim.acceptedJobs.filter((j) => !j.acknowledged).length} (the proxy looks for each in the service's list of predictions and answers with a handle when it can tell it apart from other jobs; otherwise "unknown, not retried", and a retry with a new key may start a second job). ${report.retriedStarts} flows succeeded after their visitor pressed retry (a new key). Wall time ${(report.elapsedMs / 1000).toFixed(1)} s.`,
  ].join('\n');
}
