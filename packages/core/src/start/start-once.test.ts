/** One start through the client, made safe: recorded, sent once, reconciled when its answer is lost, never orphaned when cancelled. */
import { describe, expect, it } from 'vitest';
import type { GenerationStarted } from '../client.js';
import { AbortError, BadRequestError, ConnectionError, ServerError, TimeoutError } from '../errors.js';
import { createMemoryStartStore } from './memory-store.js';
import { StartLedger } from './start-ledger.js';
import { outcomeOf, startOnce } from './start-once.js';

/** A service whose jobs are stamped with the real time, and a ledger over memory. */
function setup() {
  const jobs: Array<{ prediction_id: string; created_at: string }> = [];
  const ledger = new StartLedger(createMemoryStartStore(), { upstreamTimeoutMs: 30_000 });
  const list = async () => ({
    predictions: jobs.map((job) => ({ ...job, status: 'processing', output: null, error: null })),
    count: jobs.length,
  });
  const create = (id: string) => {
    jobs.push({ prediction_id: id, created_at: new Date().toISOString() });
    return { requestId: id, message: 'Generation started.' } satisfies GenerationStarted;
  };
  return { ledger, list, create };
}

const reset = () =>
  new ConnectionError('The connection was reset', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });

describe('startOnce', () => {
  it('records an accepted job as this deployment’s, with when it was sent and answered', async () => {
    const { ledger, list, create } = setup();
    const result = await startOnce(async () => create('job_1'), { ledger, list });
    expect(result).toMatchObject({ outcome: 'accepted', started: { requestId: 'job_1' }, reconciled: false });
    expect(await ledger.known('job_1')).toMatchObject({ sent: expect.any(Number), answered: expect.any(Number) });
  });

  it('finds the job of a start whose answer was lost (a reset, a 5xx) instead of sending it again', async () => {
    const { ledger, list, create } = setup();
    let sends = 0;
    const lost = await startOnce(
      async () => {
        sends++;
        create('job_1');
        throw reset();
      },
      { ledger, list },
    );
    expect(lost).toMatchObject({ outcome: 'accepted', started: { requestId: 'job_1' }, reconciled: true });
    const failed = await startOnce(
      async () => {
        create('job_2');
        throw new ServerError('The service failed (HTTP 500)', { status: 500 });
      },
      { ledger, list },
    );
    expect(failed).toMatchObject({ outcome: 'accepted', started: { requestId: 'job_2' }, reconciled: true });
    expect(sends).toBe(1);
  });

  it('says unknown when a lost start made no job it can see yet, and not_started when the service refused it', async () => {
    const { ledger, list } = setup();
    const lost = await startOnce(() => Promise.reject(new TimeoutError('timed out', { timeoutMs: 30_000 })), { ledger, list });
    expect(lost).toMatchObject({ outcome: 'unknown', reason: 'no job found yet' });
    const refused = new BadRequestError('image_url is required', { status: 400 });
    expect(await startOnce(() => Promise.reject(refused), { ledger, list })).toEqual({ outcome: 'not_started', error: refused });
  });

  it('a cancelled start never orphans its job: it stays the possible owner, so another lost start does not adopt it', async () => {
    const { ledger, list, create } = setup();
    const controller = new AbortController();
    const cancelled = startOnce(
      async () => {
        // The service creates the job; the caller gives up before the answer arrives.
        create('job_1');
        controller.abort();
        throw new AbortError('The operation was aborted');
      },
      { ledger, list, signal: controller.signal },
    );
    await expect(cancelled).rejects.toBeInstanceOf(AbortError);
    const next = await startOnce(() => Promise.reject(reset()), { ledger, list });
    expect(next).toMatchObject({ outcome: 'unknown', reason: 'another start whose answer was lost could own the job found' });
    expect(await ledger.known('job_1')).toBeUndefined();
  });

  it('answers an accepted job even when the store fails after the POST, and leaves its start counted (nobody else adopts the job)', async () => {
    const { list, create } = setup();
    const store = createMemoryStartStore();
    const failing = {
      ...store,
      claim: (key: string, value: string, ttlMs: number) =>
        key.startsWith('known:') ? Promise.reject(new Error('store down')) : store.claim(key, value, ttlMs),
    };
    const ledger = new StartLedger(failing, { upstreamTimeoutMs: 30_000 });
    expect(await startOnce(async () => create('job_1'), { ledger, list })).toMatchObject({
      outcome: 'accepted',
      started: { requestId: 'job_1' },
    });
    const now = Date.now();
    const counted = (await ledger.buckets(now - 1_000, now, now)).reduce((sum, bucket) => sum + bucket.inFlight, 0);
    expect(counted).toBe(1);
  });

  it('tells what a failure says of the job: not sent, answered, or lost', () => {
    expect(outcomeOf(new ConnectionError('refused', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe('not_sent');
    expect(outcomeOf(reset())).toBe('lost');
    expect(outcomeOf(new TimeoutError('timed out', { timeoutMs: 1 }))).toBe('lost');
    expect(outcomeOf(new AbortError('aborted'))).toBe('lost');
    expect(outcomeOf(new ServerError('HTTP 502', { status: 502 }))).toBe('answered');
    expect(outcomeOf(new ServerError('acknowledged without a request id'))).toBe('answered');
    expect(outcomeOf(new ServerError('HTTP 409', { status: 409 }))).toBe('not_sent');
    expect(outcomeOf(new Error('anything else'))).toBe('not_sent');
  });
});
