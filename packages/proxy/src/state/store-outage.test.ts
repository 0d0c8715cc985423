/**
 * The store (Redis) goes away while the proxy runs: generations get a clear 503 and spend nothing,
 * the jobs visitors already have keep being served from the service, readiness says so, and
 * everything works again once the store is back, without a restart. The suite runs with
 * --unhandled-rejections=strict: a store failure escaping anywhere fails it.
 */
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlakyStore } from '../../test/support/flaky-store.js';
import { type Harness, startHarness } from '../../test/support/harness.js';
import { VERSION } from '../version.js';
import { createMemoryStore } from './store.js';

let h: Harness;
let store: FlakyStore;
beforeEach(async () => {
  store = new FlakyStore(createMemoryStore());
  h = await startHarness({ store });
});
afterEach(() => h.close());

describe('while the store is unreachable', () => {
  it('refuses generations with a JSON 503 and Retry-After before any upstream call, and serves them again once it is back', async () => {
    const visitor = h.visitor();
    store.state = 'down';
    for (const key of ['a', undefined]) {
      const refused = await visitor.restyle(key ? { 'idempotency-key': key } : {});
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({ code: 'store_unavailable' });
      expect(String(refused.json.error)).toMatch(/nothing was started or charged/);
      expect(refused.headers.get('retry-after')).toBe('5');
    }
    expect(h.upstream.count('/api/v1/restyle')).toBe(0);

    store.restore();
    expect((await visitor.restyle()).status).toBe(200);
    expect(h.upstream.jobs.size).toBe(1);
  });

  it('keeps serving polls and event streams of the jobs visitors have, from the service', async () => {
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    store.state = 'down';

    const viewer = visitor.events(handle);
    const poll = await visitor.request(`/api/v1/prediction/${handle}`);
    expect(poll.status).toBe(200);
    expect(poll.json.status).toBe('processing');
    await waitFor(() => viewer.events.length === 1, 'the current state on the stream');

    h.upstream.complete('job_1');
    await h.clock.advance(3_000);
    await viewer.ended;
    expect(viewer.events.map((e) => e.data.status)).toEqual(['processing', 'succeeded']);
    expect((await visitor.request(`/api/v1/prediction/${handle}`)).json.status).toBe('succeeded');
  });

  it('stays live but reports not ready, and ready again once the store answers', async () => {
    const visitor = h.visitor();
    expect((await visitor.request('/readyz')).status).toBe(200);
    store.state = 'down';
    await h.clock.advance(1_000);

    expect((await visitor.request('/livez')).status).toBe(200);
    expect((await visitor.request('/healthz')).status).toBe(200);
    const notReady = await visitor.request('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.json).toMatchObject({ ok: false, code: 'not_ready', checks: { store: 'unreachable', upstream: 'ok' } });
    expect(notReady.headers.get('retry-after')).toBe('5');

    store.restore();
    await h.clock.advance(1_000);
    const ready = await visitor.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ ok: true, version: VERSION, checks: { store: 'ok', upstream: 'ok' } });
  });
});
