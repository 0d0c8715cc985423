/** SSE: N viewers of one job share one upstream poller; polling stops when nobody watches. */
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';

let h: Harness;
afterEach(() => h?.close());

describe('GET /api/v1/prediction/{handle}/events', () => {
  it('fans one upstream poller out to every viewer and ends the streams after success', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    const viewers = Array.from({ length: 5 }, () => visitor.events(handle));
    await waitFor(() => viewers.every((v) => v.events.length === 1), 'the current state at once');
    expect(viewers[0]?.events[0]).toEqual({ event: 'prediction', data: { status: 'starting' } });

    await h.clock.advance(3_000);
    await waitFor(() => viewers.every((v) => v.events.length === 2), 'processing');
    h.upstream.complete('job_1');
    await h.clock.advance(3_500);
    await Promise.all(viewers.map((v) => v.ended));
    for (const viewer of viewers) {
      expect(viewer.status).toBe(200);
      expect(viewer.events.map((e) => e.data.status)).toEqual(['starting', 'processing', 'succeeded']);
    }
    expect(viewers[0]?.events[2]?.data).toMatchObject({ output: [`${h.upstream.url}/outputs/job_1/1.png`] });
    expect(h.upstream.count('/api/v1/prediction')).toBe(2);
  });

  it('reports a failed generation and ends the stream', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    const viewer = visitor.events(handle);
    h.upstream.fail('job_1', 'The image could not be processed');
    await waitFor(() => viewer.events.length === 1, 'the first event');
    await h.clock.advance(3_000);
    await viewer.ended;
    expect(viewer.events.at(-1)?.data).toMatchObject({ status: 'failed', error: 'The image could not be processed' });
  });

  it('stops polling the service once nobody has watched for the idle time', async () => {
    h = await startHarness({ jobs: { idleMs: 30_000 } });
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    const viewer = visitor.events(handle);
    await waitFor(() => viewer.events.length === 1, 'the first event');
    await h.clock.advance(3_000);
    await waitFor(() => h.upstream.count('/api/v1/prediction') === 1, 'a poll');
    viewer.close();
    await waitFor(() => h.server.proxy !== undefined && h.clock.sleeping > 0, 'the poller to wait');
    for (let i = 0; i < 40; i++) await h.clock.advance(2_000);
    const polls = h.upstream.count('/api/v1/prediction');
    expect(polls).toBeLessThanOrEqual(1 + Math.ceil(30_000 / 1_800));
    for (let i = 0; i < 40; i++) await h.clock.advance(2_000);
    expect(h.upstream.count('/api/v1/prediction')).toBe(polls);
    expect(h.clock.sleeping).toBe(0);
  });

  it('follows no job once the proxy is closed: a clear 503 JSON, no poller, no heartbeat left running', async () => {
    const heartbeatMs = 12_345;
    h = await startHarness({ jobs: { heartbeatMs } });
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    await h.server.proxy.close();
    const timers = vi.spyOn(globalThis, 'setInterval');
    try {
      for (const path of [`/api/v1/prediction/${handle}/events`, `/api/v1/prediction/${handle}`]) {
        const refused = await visitor.request(path);
        expect(refused.status).toBe(503);
        expect(refused.json).toEqual({ error: 'The proxy is shutting down; try again in a moment', code: 'shutting_down' });
      }
      expect(timers).not.toHaveBeenCalledWith(expect.any(Function), heartbeatMs);
    } finally {
      timers.mockRestore();
    }
    await h.clock.advance(60_000);
    expect(h.clock.sleeping).toBe(0);
    expect(h.upstream.count('/api/v1/prediction')).toBe(0);
  });

  it('refuses a handle of another visitor with a JSON 404', async () => {
    h = await startHarness();
    const handle = String((await h.visitor().restyle()).json.request_id);
    const response = await h.visitor().request(`/api/v1/prediction/${handle}/events`);
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('not_found');
  });

  it('caps the streams of one visitor (429 too_many_streams with Retry-After) and gives a slot back when a stream ends', async () => {
    h = await startHarness({ limits: { streamsPerVisitor: 2 } });
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    const open = [visitor.events(handle), visitor.events(handle)];
    await waitFor(() => open.every((v) => v.events.length === 1), 'two streams');
    const refused = await visitor.request(`/api/v1/prediction/${handle}/events`);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too_many_streams');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Polling still works; another visitor is not affected by this one's streams.
    expect((await visitor.request(`/api/v1/prediction/${handle}`)).status).toBe(200);
    open[0]?.close();
    await waitFor(async () => {
      const response = await visitor.raw(`/api/v1/prediction/${handle}/events`);
      await response.body?.cancel();
      return response.status === 200;
    }, 'the slot of the closed stream');
  });

  it('caps the streams of the instance', async () => {
    h = await startHarness({ limits: { streamsPerVisitor: 10, streamsPerInstance: 3 } });
    const visitors = Array.from({ length: 4 }, () => h.visitor());
    const handles: string[] = [];
    for (const visitor of visitors) handles.push(String((await visitor.restyle()).json.request_id));
    const streams = visitors.slice(0, 3).map((visitor, i) => visitor.events(handles[i] ?? ''));
    await waitFor(() => streams.every((v) => v.events.length === 1), 'three streams');
    const refused = await visitors[3]?.request(`/api/v1/prediction/${handles[3]}/events`);
    expect(refused?.status).toBe(429);
    expect(refused?.json.code).toBe('too_many_streams');
  });

  it('answers HEAD with the head only: nothing keeps watching the job (polling stops after the idle time)', async () => {
    h = await startHarness({ jobs: { idleMs: 30_000 }, limits: { streamsPerVisitor: 1 } });
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    for (let i = 0; i < 20; i++) {
      const head = await visitor.raw(`/api/v1/prediction/${handle}/events`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
    // No slot was taken by the HEADs.
    const viewer = visitor.events(handle);
    await waitFor(() => viewer.events.length === 1, 'a stream');
    viewer.close();
    for (let i = 0; i < 40; i++) await h.clock.advance(2_000);
    const polls = h.upstream.count('/api/v1/prediction');
    for (let i = 0; i < 40; i++) await h.clock.advance(2_000);
    expect(h.upstream.count('/api/v1/prediction')).toBe(polls);
    expect(h.clock.sleeping).toBe(0);
  });
});
