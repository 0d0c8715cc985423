/** GET prediction: visitor-bound handles, shared job state, restarts. */
import { ManualClock, waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, startUpstream, Visitor } from '../../test/support/harness.js';

let h: Harness;
afterEach(() => h?.close());

async function startJob(visitor: Visitor): Promise<string> {
  const ack = await visitor.restyle();
  expect(ack.status).toBe(200);
  return String(ack.json.request_id);
}

describe('GET /api/v1/prediction/{handle}', () => {
  it('serves the job to its visitor, from shared state, until it succeeds', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const handle = await startJob(visitor);
    const early = await visitor.request(`/api/v1/prediction/${handle}`);
    expect(early.json).toEqual({ status: 'starting' });
    // Many polls of an in-flight job cost no upstream call beyond the shared poller's schedule.
    for (let i = 0; i < 20; i++) expect((await visitor.request(`/api/v1/prediction/${handle}`)).status).toBe(200);
    expect(h.upstream.count('/api/v1/prediction')).toBe(0);

    await h.clock.advance(3_000);
    await waitFor(() => h.upstream.count('/api/v1/prediction') === 1, 'the first scheduled poll');
    expect((await visitor.request(`/api/v1/prediction/${handle}`)).json.status).toBe('processing');

    h.upstream.complete('job_1');
    await h.clock.advance(3_500);
    await waitFor(() => h.upstream.count('/api/v1/prediction') === 2, 'the second poll');
    const done = await visitor.request(`/api/v1/prediction/${handle}`);
    // The spec's fields only: no id of the service's (nor any id) in what the browser reads.
    expect(Object.keys(done.json).sort()).toEqual(['completed_at', 'output', 'status']);
    expect(done.json).toMatchObject({ status: 'succeeded', output: [`${h.upstream.url}/outputs/job_1/1.png`] });
    expect(h.upstream.count('/api/v1/prediction')).toBe(2);
  });

  it("answers 404 for another visitor's handle, a tampered handle and an unknown one", async () => {
    h = await startHarness();
    const owner = h.visitor();
    const handle = await startJob(owner);
    const stranger = h.visitor();
    await startJob(stranger);
    expect((await stranger.request(`/api/v1/prediction/${handle}`)).status).toBe(404);
    expect((await h.visitor().request(`/api/v1/prediction/${handle}`)).status).toBe(404);
    const flipped = `${handle.slice(0, 10)}${handle[10] === 'A' ? 'B' : 'A'}${handle.slice(11)}`;
    const tampered = await owner.request(`/api/v1/prediction/${flipped}`);
    expect(tampered.status).toBe(404);
    expect(tampered.json).toMatchObject({ error: 'Prediction not found', code: 'not_found' });
    expect((await owner.request('/api/v1/prediction/job_1')).status).toBe(404);
    expect(h.upstream.count('/api/v1/prediction')).toBe(0);
  });

  it('passes the service’s Retry-After on a poll as seconds, also when the service sends an HTTP date', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const handle = await startJob(visitor);
    const until = new Date(h.clock.now() + 30_000).toUTCString();
    h.upstream.on('GET /api/v1/prediction/*', { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': until } });
    await h.clock.advance(4_001);
    const poll = await visitor.request(`/api/v1/prediction/${handle}`);
    expect(poll.status).toBe(429);
    expect(poll.json).toMatchObject({ code: 'rate_limited' });
    expect(poll.headers.get('retry-after')).toBe('26');
  });

  it('answers 404 once the handle has expired', async () => {
    h = await startHarness({ handleTtlMs: 60_000 });
    const visitor = h.visitor();
    const handle = await startJob(visitor);
    await h.clock.advance(60_001);
    expect((await visitor.request(`/api/v1/prediction/${handle}`)).status).toBe(404);
  });

  it('still serves handles after a restart with the same secret, and not with another', async () => {
    const clock = new ManualClock();
    const upstream = await startUpstream();
    h = await startHarness({ clock, upstream });
    const visitor = h.visitor();
    const handle = await startJob(visitor);
    upstream.complete('job_1');
    await h.close();

    h = await startHarness({ clock, upstream });
    const again = new Visitor(h.url);
    again.cookie = visitor.cookie;
    const after = await again.request(`/api/v1/prediction/${handle}`);
    expect(after.json).toMatchObject({ status: 'succeeded' });
    await h.close();

    h = await startHarness({ clock, upstream, secret: 'a-different-secret-000000' });
    const other = new Visitor(h.url);
    other.cookie = visitor.cookie;
    expect((await other.request(`/api/v1/prediction/${handle}`)).status).toBe(404);
    await h.close();
    await upstream.close();
  });
});
