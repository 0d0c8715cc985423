/**
 * Two programs on one API key (a key proxy and an MCP server), each with its own ledger: neither
 * adopts the other's job. The list shows jobs neither ledger can place; reconciliation then says
 * unknown instead of guessing — and `foreignJobs` names the other program's jobs.
 */
import { describe, expect, it } from 'vitest';
import { foreignJobs } from './foreign-jobs.js';
import { listedJobs } from './listed-jobs.js';
import { createMemoryStartStore } from './memory-store.js';
import { reconcile, viewOf } from './reconcile.js';
import { type Start, StartLedger } from './start-ledger.js';

const T0 = Date.UTC(2025, 0, 15, 12);

/** The one account both programs use: every job either creates, in creation order. */
function account() {
  const jobs: Array<{ prediction_id: string; created_at: string }> = [];
  return {
    create(id: string, at: number) {
      jobs.push({ prediction_id: id, created_at: new Date(at).toISOString() });
    },
    // Oldest first, on purpose: the order is not documented.
    list: async () => ({
      predictions: jobs.map((job) => ({ ...job, status: 'processing', output: null, error: null })),
      count: jobs.length,
    }),
  };
}

/** A program with its own ledger: starts it makes are acknowledged or lost. */
function program(service: ReturnType<typeof account>) {
  const ledger = new StartLedger(createMemoryStartStore({ now: () => T0 }), { upstreamTimeoutMs: 30_000 });
  return {
    ledger,
    async acknowledged(id: string, at: number) {
      const start = ledger.newStart(at);
      await ledger.open(start);
      service.create(id, at + 40);
      await ledger.claimPrediction(id, start, at + 80);
      await ledger.close(start, 'in_flight');
    },
    async lost(at: number): Promise<Start> {
      const start = ledger.newStart(at);
      await ledger.open(start);
      await ledger.markUnknown(start);
      return start;
    },
    reconcile(start: Start, now: number) {
      return reconcile({ ledger, list: service.list, now }, { start, state: 'unknown', endedAt: start.startedAt + 500 });
    },
  };
}

describe('two programs on one key', () => {
  it("never adopt each other's job: a lost start whose window holds only the other's job stays unknown", async () => {
    const service = account();
    const proxy = program(service);
    const mcp = program(service);
    await proxy.acknowledged('proxy-1', T0);
    await mcp.acknowledged('mcp-1', T0 + 15_000);
    await proxy.acknowledged('proxy-2', T0 + 30_000);

    // The MCP server's start is lost before the service made anything; the proxy's job lands in its window.
    const mcpLost = await mcp.lost(T0 + 60_000);
    await proxy.acknowledged('proxy-3', T0 + 60_100);
    expect(await mcp.reconcile(mcpLost, T0 + 61_000)).toMatchObject({
      outcome: 'unknown',
      reason: 'another program uses this API key, so the job found may be its own',
    });
    expect(await mcp.ledger.known('proxy-3')).toBeUndefined();

    // And the other way round.
    const proxyLost = await proxy.lost(T0 + 90_000);
    await mcp.acknowledged('mcp-2', T0 + 90_100);
    expect(await proxy.reconcile(proxyLost, T0 + 91_000)).toMatchObject({ outcome: 'unknown' });
    expect(await proxy.ledger.known('mcp-2')).toBeUndefined();
  });

  it("names the other program's jobs, and only those its ledger can judge", async () => {
    const service = account();
    const proxy = program(service);
    const mcp = program(service);
    await mcp.acknowledged('mcp-0', T0 - 30_000);
    await proxy.acknowledged('proxy-1', T0);
    await mcp.acknowledged('mcp-1', T0 + 15_000);
    const listed = listedJobs(await service.list()) ?? [];
    const foreign = async (ledger: StartLedger) =>
      (await foreignJobs(ledger, listed, await viewOf(ledger, listed), T0 + 20_000)).map((job) => job.id);
    // The proxy began recording at T0: mcp-0 is older than anything it can tell about.
    expect(await foreign(proxy.ledger)).toEqual(['mcp-1']);
    expect(await foreign(mcp.ledger)).toEqual(['proxy-1']);
    // A ledger that recorded no start cannot tell anything.
    expect(await foreign(program(service).ledger)).toEqual([]);
  });

  it('still adopts when every other listed job is accounted for (its own, or an unresolved start of its own could have made it)', async () => {
    const service = account();
    const proxy = program(service);
    await proxy.acknowledged('proxy-1', T0);
    // Another start whose answer was lost, still unresolved: the job near it may be its own.
    await proxy.lost(T0 + 10_000);
    service.create('other-lost', T0 + 10_050);
    const lost = await proxy.lost(T0 + 60_000);
    service.create('mine', T0 + 60_040);
    expect(await proxy.reconcile(lost, T0 + 61_000)).toEqual({ outcome: 'adopted', requestId: 'mine' });
  });
});
