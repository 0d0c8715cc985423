import { ManualClock, waitFor } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import type { GenerationStarted } from '../client.js';
import { RateLimitedError } from '../errors.js';
import { createMemoryStartStore, StartLedger } from '../start/index.js';
import type { Prediction, PredictionList } from '../types.js';
import { type BatchClient, batchItems, type JournalRecord, memoryJournal, planBatch, runBatch } from './index.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface FakeJob {
  requestId: string;
  key: string | undefined;
  createdAt: number;
  finish(output?: string[]): void;
  fail(error: unknown): void;
}

/** Tests' stand-in for the service as a batch sees it: starts and follows it answers when the test says. */
class FakeBatchClient implements BatchClient {
  /** Every job the service made, in order. */
  readonly jobs: FakeJob[] = [];
  /** Jobs being followed now. */
  readonly following = new Map<string, FakeJob>();
  /** Answers the next starts give instead of a job (a 429, say), in order. */
  readonly refusals: unknown[] = [];
  /** Jobs the service runs at once: a start beyond is refused 429 (Retry-After 0). Default: no limit. */
  capacity = Number.POSITIVE_INFINITY;
  peakFollowing = 0;
  /** The most jobs made and not ended at once. */
  peakOpen = 0;
  #open = 0;
  #waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];
  #follows = new Map<string, Deferred<Prediction>>();

  async start(_operation: string, _body: unknown, options?: { idempotencyKey?: string | undefined }): Promise<GenerationStarted> {
    const overCapacity = this.#open >= this.capacity;
    const refusal =
      this.refusals.shift() ??
      (overCapacity ? new RateLimitedError('Too many generations running', { status: 429, retryAfterMs: 0 }) : undefined);
    if (refusal !== undefined) {
      this.#changed();
      throw refusal;
    }
    this.#open++;
    this.peakOpen = Math.max(this.peakOpen, this.#open);
    const requestId = `job-${this.jobs.length + 1}`;
    const follow = deferred<Prediction>();
    this.#follows.set(requestId, follow);
    this.jobs.push({
      requestId,
      key: options?.idempotencyKey,
      createdAt: Date.now(),
      finish: (output = [`https://images.test/${requestId}.jpg`]) => {
        this.#open--;
        follow.resolve({ id: requestId, status: 'succeeded', output } as Prediction);
      },
      fail: (error) => {
        this.#open--;
        follow.reject(error);
      },
    });
    return { requestId, message: '' };
  }

  async waitForPrediction(id: string, options?: { signal?: AbortSignal | undefined }): Promise<Prediction> {
    const job = this.jobs.find((candidate) => candidate.requestId === id);
    const follow = this.#follows.get(id);
    if (!job || !follow) throw new Error(`unknown job ${id}`);
    this.following.set(id, job);
    this.peakFollowing = Math.max(this.peakFollowing, this.following.size);
    this.#changed();
    const stop = new AbortController();
    const aborted = new Promise<never>((_, reject) =>
      options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { signal: stop.signal }),
    );
    try {
      return await Promise.race([follow.promise, aborted]);
    } finally {
      stop.abort();
      this.following.delete(id);
      this.#changed();
    }
  }

  async listPredictions(): Promise<PredictionList> {
    const predictions = this.jobs.map((job) => ({
      prediction_id: job.requestId,
      status: 'processing',
      created_at: new Date(job.createdAt).toISOString(),
    }));
    return { predictions, count: predictions.length } as PredictionList;
  }

  /** Resolves once `ready()` holds, checked after every start and follow. */
  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ ready, resolve }));
  }

  #changed(): void {
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      if (waiter.ready()) waiter.resolve();
      else this.#waiters.push(waiter);
    }
  }
}

const restyle = (photo: string, style: string) => ({ operation: 'restyle' as const, image_url: photo, style });
const photos = (count: number) => Array.from({ length: count }, (_, i) => `https://photos.test/room-${i + 1}.jpg`);

async function planned(count: number, styles = ['modern', 'rustic']) {
  const items = batchItems(photos(count), styles, restyle);
  return planBatch({ me: async () => ({ user_id: 'u', email: 'a@b.test', subscription: 'pro', credits_remaining: 100 }) }, items);
}

/** Finishes every job as it is followed, until the batch is done. */
async function finishAll(client: FakeBatchClient, done: Promise<unknown>): Promise<void> {
  let over = false;
  done.then(() => (over = true));
  const finished = new Set<string>();
  const waiting = () => [...client.following.keys()].some((id) => !finished.has(id));
  while (!over) {
    await Promise.race([client.until(waiting), done]);
    for (const [id, job] of client.following) {
      if (finished.has(id)) continue;
      finished.add(id);
      job.finish();
    }
  }
}

const keysStarted = (client: FakeBatchClient) => client.jobs.map((job) => job.key);

describe('planBatch', () => {
  it('prices every photo in every style against the balance', async () => {
    const plan = await planned(3);
    expect(plan.items.map((item) => item.id)).toEqual(['1-modern', '1-rustic', '2-modern', '2-rustic', '3-modern', '3-rustic']);
    expect(new Set(plan.items.map((item) => item.key)).size).toBe(6);
    expect(plan).toMatchObject({ credits: 6, balance: 100, fits: true });
  });
});

describe('batchItems', () => {
  it('names items after named photos, and refuses two photos of one name', () => {
    const named = batchItems([{ url: 'https://photos.test/a.jpg', name: 'kitchen' }], ['modern'], restyle);
    expect(named[0]).toMatchObject({ id: 'kitchen-modern', name: 'kitchen', photo: 'https://photos.test/a.jpg', variant: 'modern' });
    const twice = { url: 'https://photos.test/a.jpg', name: 'kitchen' };
    expect(() => batchItems([twice, twice], ['modern'], restyle)).toThrow(/same id/);
  });
});

describe('runBatch', () => {
  it('holds the concurrency cap and starts every item exactly once', async () => {
    const plan = await planned(6);
    const client = new FakeBatchClient();
    const batch = runBatch(client, plan, { concurrency: 3 });
    await client.until(() => client.following.size === 3);
    expect(client.jobs).toHaveLength(3);
    await finishAll(client, batch.done);
    const report = await batch.done;
    expect(client.peakFollowing).toBe(3);
    expect(report).toMatchObject({ succeeded: 12, failed: 0, cancelled: 0 });
    expect(keysStarted(client).sort()).toEqual(plan.items.map((item) => item.key).sort());
  });

  it('lowers its concurrency on a 429 to the items in flight beside the refused one, and starts that item again, once', async () => {
    const plan = await planned(4);
    const client = new FakeBatchClient();
    client.refusals.push(new RateLimitedError('Too many requests', { status: 429, retryAfterMs: 0 }));
    const seen: number[] = [];
    const batch = runBatch(client, plan, { concurrency: 4, onProgress: (progress) => seen.push(progress.concurrency) });
    await finishAll(client, batch.done);
    const report = await batch.done;
    expect(seen[0]).toBe(4);
    expect(seen).toContain(3);
    expect(Math.min(...seen)).toBe(3);
    expect(Math.max(...seen.slice(seen.indexOf(3)))).toBeLessThanOrEqual(4);
    expect(report.succeeded).toBe(8);
    expect(keysStarted(client).sort()).toEqual(plan.items.map((item) => item.key).sort());
  });

  it('never lets more than the lowered concurrency in flight after a 429', async () => {
    const plan = await planned(4);
    const client = new FakeBatchClient();
    client.refusals.push(new RateLimitedError('Too many requests', { status: 429, retryAfterMs: 0 }));
    const batch = runBatch(client, plan, { concurrency: 4 });
    await client.until(() => client.following.size === 3);
    // Three were started beside the refused one; the window is now 3, so one more starts only when one ends.
    expect(client.jobs).toHaveLength(3);
    for (const job of [...client.following.values()].slice(0, 1)) job.finish();
    await client.until(() => client.jobs.length === 4 && client.following.size === 3);
    expect(client.jobs).toHaveLength(4);
    await finishAll(client, batch.done);
    expect((await batch.done).succeeded).toBe(8);
  });

  it("settles on the service's limit after a burst of refusals, not on one item at a time", async () => {
    const plan = await planned(8, ['modern']);
    const client = new FakeBatchClient();
    client.capacity = 3;
    const seen: number[] = [];
    const batch = runBatch(client, plan, { concurrency: 8, onProgress: (progress) => seen.push(progress.concurrency) });
    await finishAll(client, batch.done);
    expect((await batch.done).succeeded).toBe(8);
    // Eight started at once, five refused: the window fell to the three the service held, and no lower.
    expect(seen[0]).toBe(8);
    expect(Math.min(...seen)).toBe(3);
    expect(client.peakOpen).toBe(3);
    expect(keysStarted(client).sort()).toEqual(plan.items.map((item) => item.key).sort());
  });

  it("holds new starts for a 429's Retry-After", async () => {
    const plan = await planned(3, ['modern']);
    const client = new FakeBatchClient();
    client.refusals.push(new RateLimitedError('Too many requests', { status: 429, retryAfterMs: 5_000 }));
    const clock = new ManualClock();
    const batch = runBatch(client, plan, { concurrency: 3, clock });
    await waitFor(() => clock.sleeps.includes(5_000), 'the hold of the Retry-After');
    for (const job of client.following.values()) job.finish();
    await client.until(() => client.following.size === 0);
    // Two items ended, the refused one waits for its Retry-After.
    expect(client.jobs).toHaveLength(2);
    await clock.advance(5_000);
    await finishAll(client, batch.done);
    expect((await batch.done).succeeded).toBe(3);
    expect(client.jobs).toHaveLength(3);
  });

  it('pauses new starts until resumed', async () => {
    const plan = await planned(2);
    const client = new FakeBatchClient();
    const batch = runBatch(client, plan, { concurrency: 2 });
    await client.until(() => client.following.size === 2);
    batch.pause();
    for (const job of client.following.values()) job.finish();
    await client.until(() => client.following.size === 0);
    expect(client.jobs).toHaveLength(2);
    batch.resume();
    await finishAll(client, batch.done);
    expect((await batch.done).succeeded).toBe(4);
  });

  it('cancel says which items were charged, and a resume follows them and starts only the others', async () => {
    const plan = await planned(3);
    const journal = memoryJournal();
    const client = new FakeBatchClient();
    const first = runBatch(client, plan, { concurrency: 2, journal });
    await client.until(() => client.following.size === 2);
    const [done] = client.following.values();
    done?.finish();
    await client.until(() => client.following.size === 2 && client.jobs.length === 3);
    const cancelled = await first.cancel();
    expect(cancelled).toMatchObject({ succeeded: 1, failed: 0, cancelled: 5 });
    expect(cancelled.charged).toEqual(plan.items.slice(0, 3).map((item) => item.id));

    const again = runBatch(client, plan, { concurrency: 2, journal });
    await finishAll(client, again.done);
    const report = await again.done;
    expect(report).toMatchObject({ succeeded: 6, failed: 0, cancelled: 0 });
    expect(client.jobs).toHaveLength(6);
    expect(keysStarted(client).sort()).toEqual(plan.items.map((item) => item.key).sort());
    expect(journal.records.filter((record) => record.kind === 'plan')).toHaveLength(1);
  });

  it('finds the job of a start whose answer died with the last run instead of starting it again', async () => {
    const plan = await planned(1, ['modern']);
    const client = new FakeBatchClient();
    const [item] = plan.items;
    if (!item) throw new Error('no item');
    // The last run journalled its start, the service made the job, and the run died before the answer.
    const sentAt = Date.now() - 1_000;
    await client.start('restyle', {}, { idempotencyKey: item.key });
    const records: JournalRecord[] = [
      { kind: 'plan', plan },
      { kind: 'sending', item: item.id, start: { id: 'lost-start', startedAt: sentAt, deadline: sentAt + 35_000 } },
    ];
    const batch = runBatch(client, plan, { journal: memoryJournal(records) });
    await finishAll(client, batch.done);
    const report = await batch.done;
    expect(report.succeeded).toBe(1);
    expect(report.items[0]?.requestId).toBe('job-1');
    expect(client.jobs).toHaveLength(1);
  });

  it("never adopts a job another start of the program claimed, given the program's ledger", async () => {
    const plan = await planned(1, ['modern']);
    const client = new FakeBatchClient();
    const [item] = plan.items;
    if (!item) throw new Error('no item');
    // Another tool of the program made the only job in the list; the batch's own start died unanswered.
    const sentAt = Date.now() - 1_000;
    const ledger = new StartLedger(createMemoryStartStore(), { upstreamTimeoutMs: 30_000 });
    const other = { id: 'other-tool', startedAt: sentAt, deadline: sentAt + 35_000 };
    await ledger.open(other);
    await client.start('restyle', {});
    await ledger.claimPrediction('job-1', other, Date.now());
    const records: JournalRecord[] = [
      { kind: 'plan', plan },
      { kind: 'sending', item: item.id, start: { id: 'lost-start', startedAt: sentAt, deadline: sentAt + 35_000 } },
    ];
    // The batch runs a minute later, past the lost start's deadline: what reconciliation decides, it decides at once.
    const clock = new ManualClock({ start: Date.now() + 60_000 });
    const batch = runBatch(client, plan, { journal: memoryJournal(records), ledger, clock });
    await finishAll(client, batch.done);
    const report = await batch.done;
    expect(report.items[0]?.requestId).not.toBe('job-1');
  });

  it('starts nothing once cancelled, the items not reached reported as not charged', async () => {
    const plan = await planned(3, ['modern']);
    const client = new FakeBatchClient();
    const batch = runBatch(client, plan, { concurrency: 1 });
    await client.until(() => client.following.size === 1);
    const report = await batch.cancel();
    expect(client.jobs).toHaveLength(1);
    expect(report.items.map((item) => [item.status, item.charged])).toEqual([
      ['cancelled', true],
      ['cancelled', false],
      ['cancelled', false],
    ]);
  });

  it('reports a failed job as charged and goes on', async () => {
    const plan = await planned(1);
    const client = new FakeBatchClient();
    const batch = runBatch(client, plan, { concurrency: 2 });
    await client.until(() => client.following.size === 2);
    const [failing, succeeding] = client.following.values();
    failing?.fail(new Error('the generation failed'));
    succeeding?.finish();
    const report = await batch.done;
    expect(report).toMatchObject({ succeeded: 1, failed: 1 });
    expect(report.items.find((item) => item.status === 'failed')).toMatchObject({ charged: true, error: 'the generation failed' });
  });
});
