import { describe, expect, it } from 'vitest';
import { outcomeTable, runFlows } from './run-flows.js';

const TYPED_OUTCOMES = new Set(['succeeded', 'generation_failed', 'server_error', 'connection', 'rate_limited']);

describe('200 concurrent generation flows through the proxy, with faults', () => {
  it('keeps every promise: typed outcomes, no hang, credits match jobs, one job per key, proxy alive', async () => {
    const report = await runFlows({ flows: 200, seed: 20261121 });
    console.log(`\n${outcomeTable(report)}\n`);

    // Every flow ends in success or a clear typed error, and none hangs into its timeout.
    for (const outcome of Object.keys(report.outcomes)) expect(TYPED_OUTCOMES, `unexpected outcome ${outcome}`).toContain(outcome);
    expect(Object.values(report.outcomes).reduce((a, b) => a + b, 0)).toBe(200);
    expect(report.outcomes.succeeded ?? 0).toBeGreaterThan(100);

    // Faults really happened, or this proves nothing.
    const { sim } = report;
    expect(sim.faults.serverErrors).toBeGreaterThan(0);
    expect(sim.faults.rateLimited).toBeGreaterThan(0);
    expect(sim.faults.resets).toBeGreaterThan(0);
    expect(sim.faults.failedJobs).toBeGreaterThan(0);

    // Credits spent equal the jobs the simulator accepted: one per job, refunded when it failed.
    expect(sim.credits.debited).toBe(sim.jobs.accepted);
    expect(sim.credits.refunded).toBe(sim.jobs.failed);
    expect(sim.credits.debited - sim.credits.refunded).toBe(sim.jobs.succeeded);

    // No idempotency key produced two jobs, and every job came with a key.
    const perKey = new Map<string, number>();
    for (const job of sim.acceptedJobs) {
      expect(job.idempotencyKey).not.toBeNull();
      perKey.set(job.idempotencyKey!, (perKey.get(job.idempotencyKey!) ?? 0) + 1);
    }
    expect([...perKey].filter(([, n]) => n > 1)).toEqual([]);

    // Each succeeded flow is backed by a succeeded job.
    expect(sim.jobs.succeeded).toBeGreaterThanOrEqual(report.outcomes.succeeded ?? 0);
    expect(report.proxyHealthy).toBe(true);
  });
});
