/**
 * The chaos suite: Redis killed (`kill -9`) under traffic between two proxy processes, as issue 15
 * asks an operator to try it. Both stay up, report not ready, keep serving the jobs visitors have,
 * refuse new ones with a clear 503, serve again when Redis returns — and every simulator job is
 * accounted for, none charged twice.
 */
import { describe, expect, it } from 'vitest';
import { runChaos } from './support/chaos.js';

describe('kill -9 of Redis under traffic, two instances', () => {
  it('keeps both instances up and honest, and charges every action once', async () => {
    const report = await runChaos({ visitors: 8, actionsPerVisitor: 3, downtimeMs: 2_000 });

    expect(report.instancesAlive).toBe(true);
    // Not ready while Redis was away, ready again once it was back, without a restart.
    expect(report.notReadyAfterMs).toBeGreaterThanOrEqual(0);
    expect(report.readyAgainAfterMs).toBeGreaterThanOrEqual(0);
    // The outage was felt, and every refusal was a clear one.
    expect(report.refusals).toMatchObject({ '503 store_unavailable': expect.any(Number) });
    expect(report.refusedOtherwise, JSON.stringify(report.refusals)).toBe(0);
    // Jobs visitors already had were served from the service meanwhile.
    expect(report.pollsServed).toBeGreaterThan(0);
    expect(report.pollsFailed).toBe(0);

    // Every action ended with a handle whose job succeeded; one job and one credit each.
    expect(report.unanswered).toEqual({});
    expect(report.answered).toBe(report.actions);
    expect(report.succeeded).toBe(report.actions);
    expect(report.jobs).toBe(report.actions);
    expect(report.charged).toBe(report.jobs);
    expect(report.chargedTwice).toBe(0);
    expect(report.orphanJobs).toBe(0);
  }, 120_000);
});
