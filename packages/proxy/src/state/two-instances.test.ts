/**
 * Two proxy instances behind an imaginary load balancer, sharing one real redis-server and one
 * simulator: whichever instance a request lands on, the site's credits are protected the same.
 */
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStreamReader, Visitor } from '../../test/support/harness.js';
import {
  type Cluster,
  type Instance,
  JOB_MS,
  POLL_EVERY_MS,
  PREDICTION_ROUTE,
  RESTYLE_ROUTE,
  startCluster,
} from '../../test/support/proxy-cluster.js';

let cluster: Cluster;
let a: Instance;
let b: Instance;

/**
 * An hour's poll lease: an instance that stops hands its jobs over at once, so a test that waited
 * for a lease to run out would wait past its timeout instead of passing slowly.
 */
const HOUR_LEASE = { proxy: { jobs: { leaseMs: 3_600_000 } } };

beforeEach(async () => {
  cluster = await startCluster();
  [a, b] = await Promise.all([cluster.start(HOUR_LEASE), cluster.start(HOUR_LEASE)]);
});
afterEach(() => cluster?.close());

const restyle = (visitor: Visitor, headers: Record<string, string> = {}) =>
  visitor.restyle(headers, { image_url: cluster.photoUrl, style: 'modern' });

async function followToEnd(viewer: EventStreamReader): Promise<string[]> {
  await viewer.ended;
  return viewer.events.map((e) => String(e.data.status ?? e.event));
}

describe('two instances sharing Redis', () => {
  it('does not let a visitor bypass the limit by alternating instances, nor a fresh cookie bypass the IP limit', async () => {
    const cookie = await cluster.newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await restyle((i % 2 ? b : a).visitor(cookie))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(5);

    const stranger = await restyle(b.visitor(await cluster.newVisitor()));
    expect(stranger.status).toBe(429);
    expect(stranger.json.code).toBe('ip_limit');
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(5);
  });

  it('starts exactly 5 jobs for 10 parallel requests spread over both instances against a limit of 5', async () => {
    const cookie = await cluster.newVisitor();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => restyle((i % 2 ? b : a).visitor(cookie))));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(5);
  });

  it('answers an idempotency key replayed on the other instance with the same job, without a second upstream call', async () => {
    const cookie = await cluster.newVisitor();
    const first = await restyle(a.visitor(cookie), { 'idempotency-key': 'click-1' });
    expect(first.status).toBe(200);
    const replay = await restyle(b.visitor(cookie), { 'idempotency-key': 'click-1' });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(1);

    const otherBody = await b.visitor(cookie).restyle({ 'idempotency-key': 'click-1' }, { image_url: cluster.photoUrl, style: 'japandi' });
    expect(otherBody.status).toBe(409);
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(1);
  });

  it('lets only one of two simultaneous requests with one idempotency key reach the service', async () => {
    const cookie = await cluster.newVisitor();
    const [onA, onB] = await Promise.all([
      restyle(a.visitor(cookie), { 'idempotency-key': 'double-click' }),
      restyle(b.visitor(cookie), { 'idempotency-key': 'double-click' }),
    ]);
    const started = [onA, onB].filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
    const other = [onA, onB].find((r) => !started.includes(r));
    expect(started).toHaveLength(1);
    // The other one either arrived while the first was in flight, or after it (a replay of the same job).
    if (other?.status === 409) expect(other.json.code).toBe('idempotency_in_progress');
    else expect(other?.json).toEqual(started[0]?.json);
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(1);
  });

  it('polls a job watched on both instances no more than one instance alone does, and feeds the viewers of both', async () => {
    // Baseline: the same job watched on one instance that keeps its state in memory.
    const alone = await cluster.start({ memory: true });
    const baselineCookie = await cluster.newVisitor();
    const baselineHandle = String((await restyle(alone.visitor(baselineCookie))).json.request_id);
    const baselineStatuses = await followToEnd(alone.visitor(baselineCookie).events(baselineHandle));
    const onePoller = cluster.upstream(PREDICTION_ROUTE);
    expect(baselineStatuses.at(-1)).toBe('succeeded');
    expect(onePoller).toBeGreaterThanOrEqual(Math.floor(JOB_MS / POLL_EVERY_MS / 2));

    const cookie = await cluster.newVisitor();
    const ack = await restyle(a.visitor(cookie));
    const handle = String(ack.json.request_id);
    const viewerOnA = a.visitor(cookie).events(handle);
    // A polls first; B's viewer must be fed through Redis.
    await waitFor(() => cluster.upstream(PREDICTION_ROUTE) > onePoller, 'the first upstream poll');
    const viewerOnB = b.visitor(cookie).events(handle);
    const polls = await Promise.all(
      [a, b, a, b].map(async (instance) => (await instance.visitor(cookie).request(`/api/v1/prediction/${handle}`)).json.status),
    );
    const [statusesOnA, statusesOnB] = await Promise.all([followToEnd(viewerOnA), followToEnd(viewerOnB)]);
    const twoInstances = cluster.upstream(PREDICTION_ROUTE) - onePoller;

    expect(polls.every((status) => status === 'starting' || status === 'processing' || status === 'succeeded')).toBe(true);
    expect(statusesOnA.at(-1)).toBe('succeeded');
    expect(statusesOnB.at(-1)).toBe('succeeded');
    expect(viewerOnB.events.at(-1)?.data.output).toEqual(viewerOnA.events.at(-1)?.data.output);
    expect(viewerOnB.events.at(-1)?.data.status).toBe('succeeded');
    // Two pollers would make about twice as many calls. Timers on a busy machine shift a poll or two
    // either way (the schedule is real time), so a quarter more than one poller's count is allowed.
    expect(twoInstances).toBeLessThanOrEqual(Math.ceil(onePoller * 1.25) + 1);
  });

  it('hands the polling of a job over at once when the instance that polls it shuts down', async () => {
    const cookie = await cluster.newVisitor();
    const handle = String((await restyle(a.visitor(cookie))).json.request_id);
    const viewerOnA = a.visitor(cookie).events(handle);
    await waitFor(() => cluster.upstream(PREDICTION_ROUTE) > 0, 'the first upstream poll, by A');
    const viewerOnB = b.visitor(cookie).events(handle);
    await waitFor(() => viewerOnB.events.length > 0, "B's first event");

    await a.close();
    await viewerOnA.ended;
    // B polls from now on; without the hand-over it would wait out A's lease (HOUR_LEASE).
    expect((await followToEnd(viewerOnB)).at(-1)).toBe('succeeded');
  });

  it('loses nothing when an instance restarts: handles, idempotency records and limits', async () => {
    const cookie = await cluster.newVisitor();
    const first = await restyle(a.visitor(cookie), { 'idempotency-key': 'before-restart' });
    for (let i = 0; i < 4; i += 1) expect((await restyle(b.visitor(cookie))).status).toBe(200);
    const handle = String(first.json.request_id);

    await a.close();
    const restarted = await cluster.start(HOUR_LEASE);

    const replay = await restyle(restarted.visitor(cookie), { 'idempotency-key': 'before-restart' });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    const overLimit = await restyle(restarted.visitor(cookie));
    expect(overLimit.status).toBe(429);
    expect(overLimit.json.code).toBe('visitor_limit');
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(5);

    const statuses = await followToEnd(restarted.visitor(cookie).events(handle));
    expect(statuses.at(-1)).toBe('succeeded');
    const prediction = await restarted.visitor(cookie).request(`/api/v1/prediction/${handle}`);
    expect(prediction.json).toMatchObject({ status: 'succeeded' });
  });
});
