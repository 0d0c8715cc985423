/** Matching a start whose answer was lost to a job of the service's list: only when nothing else could own it. */
import { describe, expect, it } from 'vitest';
import { createMemoryStartStore } from './memory-store.js';
import { reconcile } from './reconcile.js';
import { type Start, StartLedger } from './start-ledger.js';

const T0 = Date.UTC(2025, 0, 15, 12);
const iso = (ms: number) => new Date(ms).toISOString();

/** What the service's list answers (its body), or a list that cannot be read (rejects). */
type Listing = () => unknown;

function listing(...jobs: Array<[id: string, createdAt: number]>) {
  const predictions = jobs.map(([prediction_id, createdAt]) => ({
    prediction_id,
    status: 'processing',
    output: null,
    error: null,
    created_at: iso(createdAt),
    completed_at: null,
  }));
  return { predictions, count: predictions.length };
}

/** A start whose answer was lost, counted as such. */
async function lostStart(starts: StartLedger, at: number): Promise<Start> {
  const start = starts.newStart(at);
  await starts.open(start);
  await starts.markUnknown(start);
  return start;
}

function setup(list: Listing) {
  const starts = new StartLedger(createMemoryStartStore({ now: () => T0 }), { upstreamTimeoutMs: 30_000 });
  return { list: async () => list(), ledger: starts, starts };
}

describe('reconcile', () => {
  it('adopts the one job created in the start’s window that no other start owns, and claims it', async () => {
    const { list, ledger, starts } = setup(() =>
      listing(['new', T0 + 400], ['known', T0 + 300], ['before', T0 - 60_000], ['after', T0 + 90_000]),
    );
    const other = starts.newStart(T0 - 1_000);
    await starts.claimPrediction('known', other);
    const start = await lostStart(starts, T0);
    expect(await reconcile({ list, ledger, now: T0 + 2_000 }, { start, state: 'unknown' })).toEqual({
      outcome: 'adopted',
      requestId: 'new',
    });
    expect((await starts.known('new'))?.start).toBe(start.id);
    // Asked again for the same start (a concurrent retry): the same job.
    expect(await reconcile({ list, ledger, now: T0 + 2_000 }, { start, state: 'unknown' })).toEqual({
      outcome: 'adopted',
      requestId: 'new',
    });
  });

  it('lets only one of two starts adopt a job, even when both believe they are alone', async () => {
    const { list, ledger, starts } = setup(() => listing(['only', T0 + 100]));
    const first = await lostStart(starts, T0);
    // Not counted: each sees no other lost start, as if the other's count were lost.
    const second = starts.newStart(T0 + 50);
    const results = await Promise.all(
      [first, second].map((start) => reconcile({ list, ledger, now: T0 + 1_000 }, { start, state: 'unknown' })),
    );
    expect(results.filter((r) => r.outcome === 'adopted')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'unknown')).toHaveLength(1);
  });

  it('adopts nothing another lost start could own, nor one of several jobs that could be it', async () => {
    const alone = setup(() => listing(['x', T0 + 100]));
    const start = await lostStart(alone.starts, T0);
    await lostStart(alone.starts, T0 + 200);
    expect(await reconcile({ ...alone, now: T0 + 1_000 }, { start, state: 'unknown' })).toMatchObject({
      outcome: 'unknown',
      reason: 'another start whose answer was lost could own the job found',
    });
    expect(await alone.starts.known('x')).toBeUndefined();

    const crowded = setup(() => listing(['x', T0 + 100], ['y', T0 + 200]));
    const mine = await lostStart(crowded.starts, T0);
    expect(await reconcile({ ...crowded, now: T0 + 1_000 }, { start: mine, state: 'unknown' })).toMatchObject({
      outcome: 'unknown',
      reason: '2 jobs could be this one',
    });
  });

  it('tells its job from another lost job nearby, by how the service’s clock stands (learned from jobs it acknowledged)', async () => {
    const listed = () => listing(['other lost job', T0 + 2_000], ['mine', T0 + 120], ['acknowledged', T0 - 6_000]);
    const { list, ledger, starts } = setup(listed);
    const start = await lostStart(starts, T0);
    const lost = { start, state: 'unknown' as const, endedAt: T0 + 300 };
    // Without anything to go by, both jobs fit the clocks' worst case.
    expect(await reconcile({ list, ledger, now: T0 + 1_000 }, lost)).toMatchObject({ reason: '2 jobs could be this one' });
    // A job sent at T0 - 6.05 s and acknowledged at T0 - 5.98 s was created at T0 - 6 s: the clocks agree within 50 ms.
    const acknowledged = starts.newStart(T0 - 6_050);
    await starts.claimPrediction('acknowledged', acknowledged, T0 - 5_980);
    expect(await reconcile({ list, ledger, now: T0 + 1_000 }, lost)).toEqual({ outcome: 'adopted', requestId: 'mine' });
  });

  it('waits for a start still in flight to say which job is its own, then adopts the other', async () => {
    const { list, ledger, starts } = setup(() => {
      // The other start's answer arrives just after the list was read.
      setImmediate(() => void starts.claimPrediction('theirs', other).then(() => starts.close(other, 'in_flight')));
      return listing(['mine', T0 + 100], ['theirs', T0 + 150]);
    });
    const start = await lostStart(starts, T0);
    const other = starts.newStart(T0 + 20);
    await starts.open(other);
    expect(await reconcile({ list, ledger, now: T0 + 1_000 }, { start, state: 'unknown' })).toEqual({
      outcome: 'adopted',
      requestId: 'mine',
    });
  });

  it('counts a start still "in flight" past every deadline as lost (its proxy died)', async () => {
    const { list, ledger, starts } = setup(() => listing(['x', T0 + 100]));
    const crashed = starts.newStart(T0);
    await starts.open(crashed);
    const start = await lostStart(starts, T0 + 50);
    expect(await reconcile({ list, ledger, now: crashed.deadline + 10_000 }, { start, state: 'unknown' })).toMatchObject({
      reason: 'another start whose answer was lost could own the job found',
    });
    // Its own retry after the deadline, counted in flight all along: nobody else is in its way but the other lost one.
    expect(await reconcile({ list, ledger, now: crashed.deadline + 10_000 }, { start: crashed, state: 'in_flight' })).toMatchObject({
      outcome: 'unknown',
    });
  });

  it('says no job was made only once the start’s deadline has passed', async () => {
    const { list, ledger, starts } = setup(() => listing(['old', T0 - 60_000]));
    const start = await lostStart(starts, T0);
    expect(await reconcile({ list, ledger, now: start.deadline - 1 }, { start, state: 'unknown' })).toMatchObject({
      outcome: 'unknown',
    });
    expect(await reconcile({ list, ledger, now: start.deadline }, { start, state: 'unknown' })).toEqual({ outcome: 'not_started' });
  });

  it('reads the list in any order: a full page listed oldest first still reaches back to the start', async () => {
    // 99 older jobs, then its own: newest last. Read in the listed order, the newest would pass for the oldest.
    const older = Array.from({ length: 99 }, (_, i) => [`old${i}`, T0 - 120_000 + i] as [string, number]);
    const { list, ledger, starts } = setup(() => listing(...older, ['mine', T0 + 100]));
    const start = await lostStart(starts, T0);
    expect(await reconcile({ list, ledger, now: T0 + 1_000 }, { start, state: 'unknown' })).toEqual({
      outcome: 'adopted',
      requestId: 'mine',
    });
  });

  it('gives up (unknown) when the list cannot be read or does not reach back to the start', async () => {
    // A full list of jobs all newer than the window: it says nothing about the window.
    const full = Array.from({ length: 100 }, (_, i) => [`j${i}`, T0 + 60_000 - i] as [string, number]);
    for (const answer of [
      () => ({ error: 'Internal server error' }),
      () => ({ predictions: [{ prediction_id: 'x' }], count: 1 }),
      () => Promise.reject(new Error('unreachable')),
      () => listing(...full),
    ]) {
      const { list, ledger, starts } = setup(answer);
      const start = await lostStart(starts, T0 - 20_000);
      expect(await reconcile({ list, ledger, now: start.deadline + 1 }, { start, state: 'unknown' })).toMatchObject({
        outcome: 'unknown',
      });
    }
  });

  it('answers unknown, never throws, when the store fails', async () => {
    const store = { ...createMemoryStartStore(), get: () => Promise.reject(new Error('store down')) };
    const ledger = new StartLedger(store, { upstreamTimeoutMs: 30_000 });
    const start = ledger.newStart(T0);
    const list = async () => listing(['x', T0 + 100]);
    expect(await reconcile({ list, ledger, now: T0 + 1_000 }, { start, state: 'unknown' })).toMatchObject({
      outcome: 'unknown',
      reason: 'it could not be checked (store or service unreachable)',
    });
  });
});
