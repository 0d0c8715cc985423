/** Matching a start whose answer was lost to a job of the service's list: only when nothing else could own it. */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../state/memory-store.js';
import type { Upstream, UpstreamReply } from '../upstream/upstream.js';
import { reconcile } from './reconcile.js';
import { StartLedger } from './starts.js';

const T0 = Date.UTC(2025, 0, 15, 12);
const iso = (ms: number) => new Date(ms).toISOString();

function listing(...jobs: Array<[id: string, createdAt: number]>): UpstreamReply {
  const predictions = jobs.map(([prediction_id, createdAt]) => ({
    prediction_id,
    status: 'processing',
    output: null,
    error: null,
    created_at: iso(createdAt),
    completed_at: null,
  }));
  return { status: 200, body: { predictions, count: predictions.length } };
}

function setup(list: () => UpstreamReply | Promise<UpstreamReply>) {
  const upstream = { listPredictions: async () => list() } as Upstream;
  const starts = new StartLedger(createMemoryStore({ now: () => T0 }), { upstreamTimeoutMs: 30_000 });
  return { upstream, starts };
}

describe('reconcile', () => {
  it('adopts the one job created in the start’s window that no other start owns, and claims it', async () => {
    const { upstream, starts } = setup(() =>
      listing(['new', T0 + 400], ['known', T0 + 300], ['before', T0 - 60_000], ['after', T0 + 90_000]),
    );
    const other = starts.newStart(T0 - 1_000);
    await starts.claimPrediction('known', other);
    const start = starts.newStart(T0);
    await starts.open(start);
    expect(await reconcile({ upstream, starts, now: T0 + 2_000 }, start)).toEqual({ outcome: 'adopted', requestId: 'new' });
    expect(await starts.ownerOf('new')).toBe(start.id);
    // Asked again for the same start (a concurrent retry): the same job.
    expect(await reconcile({ upstream, starts, now: T0 + 2_000 }, start)).toEqual({ outcome: 'adopted', requestId: 'new' });
  });

  it('lets only one of two starts adopt a job, even when both believe they are alone', async () => {
    const { upstream, starts } = setup(() => listing(['only', T0 + 100]));
    const first = starts.newStart(T0);
    const second = starts.newStart(T0 + 50);
    // Only one counted: each sees one unresolved start, as if the other's count were lost.
    await starts.open(first);
    const results = await Promise.all([first, second].map((start) => reconcile({ upstream, starts, now: T0 + 1_000 }, start)));
    expect(results.filter((r) => r.outcome === 'adopted')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'unknown')).toHaveLength(1);
  });

  it('adopts nothing while another unresolved start could own the job, or when several jobs could be it', async () => {
    const alone = setup(() => listing(['x', T0 + 100]));
    const start = alone.starts.newStart(T0);
    await alone.starts.open(start);
    await alone.starts.open(alone.starts.newStart(T0 + 200));
    expect(await reconcile({ ...alone, now: T0 + 1_000 }, start)).toMatchObject({ outcome: 'unknown' });
    expect(await alone.starts.ownerOf('x')).toBeUndefined();

    const crowded = setup(() => listing(['x', T0 + 100], ['y', T0 + 200]));
    const mine = crowded.starts.newStart(T0);
    await crowded.starts.open(mine);
    expect(await reconcile({ ...crowded, now: T0 + 1_000 }, mine)).toMatchObject({ outcome: 'unknown' });
  });

  it('says no job was made only once the start’s deadline has passed', async () => {
    const { upstream, starts } = setup(() => listing(['old', T0 - 60_000]));
    const start = starts.newStart(T0);
    await starts.open(start);
    expect(await reconcile({ upstream, starts, now: start.deadline - 1 }, start)).toMatchObject({ outcome: 'unknown' });
    expect(await reconcile({ upstream, starts, now: start.deadline }, start)).toEqual({ outcome: 'not_started' });
  });

  it('gives up (unknown) when the list cannot be read or does not reach back to the start', async () => {
    // A full list of jobs all newer than the window: it says nothing about the window.
    const full = Array.from({ length: 100 }, (_, i) => [`j${i}`, T0 + 60_000 - i] as [string, number]);
    for (const list of [
      () => ({ status: 500, body: { error: 'Internal server error' } }),
      () => ({ status: 200, body: { predictions: [{ prediction_id: 'x' }], count: 1 } }),
      () => Promise.reject(new Error('unreachable')),
      () => listing(...full),
    ]) {
      const { upstream, starts } = setup(list);
      const start = starts.newStart(T0 - 20_000);
      await starts.open(start);
      expect(await reconcile({ upstream, starts, now: start.deadline + 1 }, start)).toMatchObject({ outcome: 'unknown' });
    }
  });
});
