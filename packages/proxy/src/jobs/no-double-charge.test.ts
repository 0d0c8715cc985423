/**
 * No double charge, ever: a generation is stopped at each of its steps — the proxy dies, the store
 * fails, the connection to the service dies — and the same action is sent again (same visitor,
 * same Idempotency-Key), on another instance when the first one died. The fake service counts the
 * jobs it accepted: never more than one per action, and every one reaches its visitor.
 */
import { type FakeService, guardedLog, type Inspected, inspect, ManualClock, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlakyStore, type StoreOp } from '../../test/support/flaky-store.js';
import { acceptedThen, IMAGE_URL, startUpstream, TEST_SECRET, visitorCookie } from '../../test/support/harness.js';
import { createRoomProxy, type RoomProxy } from '../proxy.js';
import { sha256 } from '../security/keys.js';
import type { ProxyStore } from '../state/store.js';
import { createMemoryStore } from '../state/store.js';

/** Real milliseconds before a POST without an answer is given up (short, so a hung POST ends within the test). */
const UPSTREAM_TIMEOUT_MS = 1_000;
/** Past every start's deadline (its POST's timeout plus the 5 s grace), in the clock's time. */
const PAST_DEADLINE_MS = UPSTREAM_TIMEOUT_MS + 5_001;

let clock: ManualClock;
let upstream: FakeService;
/** The shared state every instance reaches (Redis, for several instances). */
let shared: ProxyStore;
let instances: Array<{ proxy: RoomProxy; store: FlakyStore }>;
let cookie: string;

beforeEach(async () => {
  // The service stamps jobs with the real time; the proxy's clock starts there and moves by hand.
  clock = new ManualClock({ start: Date.now() });
  upstream = await startUpstream();
  shared = createMemoryStore({ now: () => clock.now() });
  instances = [];
  cookie = await visitorCookie();
});
afterEach(async () => {
  for (const { proxy, store } of instances) {
    if (store.state !== 'up') store.kill();
    await proxy.close();
  }
  await upstream.close();
});

function instance() {
  const store = new FlakyStore(shared);
  const proxy = createRoomProxy({
    apiKey: TEST_API_KEY,
    baseUrl: upstream.url,
    secret: TEST_SECRET,
    fetch: upstream.fetch,
    clock,
    store,
    log: guardedLog().log,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
  });
  instances.push({ proxy, store });
  return { proxy, store };
}

/** The action: one click of the visitor, always with the same key. */
function restyle(proxy: RoomProxy, key: string | null = 'click-1'): Promise<Inspected> {
  const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
  if (key !== null) headers['idempotency-key'] = key;
  return proxy(
    new Request('http://proxy.test/api/v1/restyle', {
      method: 'POST',
      headers,
      body: JSON.stringify({ image_url: IMAGE_URL, style: 'modern' }),
    }),
  ).then(inspect);
}

async function poll(proxy: RoomProxy, handle: unknown): Promise<Inspected> {
  return inspect(await proxy(new Request(`http://proxy.test/api/v1/prediction/${String(handle)}`, { headers: { cookie } })));
}

const jobs = () => upstream.jobs.size;

/** An instance takes the action and dies at its first store call `op` on a key starting with `prefix`. */
async function dieAt(op: StoreOp, prefix: string): Promise<void> {
  const a = instance();
  a.store.breakAt(op, prefix, 'frozen');
  void restyle(a.proxy);
  await waitFor(() => a.store.state === 'frozen', 'the first instance to stop');
  a.store.kill();
}

async function recordOf(key: string): Promise<string | undefined> {
  const visitor = cookie.slice('rr_visitor='.length).split('.')[0];
  return shared.get(`idem:${visitor}:${await sha256(key)}`);
}

describe('the proxy dies during a generation; the visitor sends the action again to another instance', () => {
  it.each<[string, StoreOp, string, string]>([
    ['before the POST (while checking limits)', 'hit', 'limit:', 'starting'],
    ['after the service accepted the job, before the proxy wrote it down', 'claim', 'known:', 'processing'],
  ])('%s: one job, started or found once the first start’s deadline has passed', async (_, op, prefix, status) => {
    await dieAt(op, prefix);

    const b = instance();
    const early = await restyle(b.proxy);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('idempotency_in_progress');
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);

    await clock.advance(PAST_DEADLINE_MS);
    const later = await restyle(b.proxy);
    expect(later.status).toBe(200);
    expect(jobs()).toBe(1);
    // A job started anew is known to be starting; one found is asked for at once.
    expect((await poll(b.proxy, later.json.request_id)).json.status).toBe(status);
    expect((await restyle(b.proxy)).json).toEqual(later.json);
    expect(jobs()).toBe(1);
  });

  it('while the service was creating the job (the POST never answered): one job, found after the deadline', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', acceptedThen({ hang: true }));
    void restyle(a.proxy);
    await waitFor(() => jobs() === 1, 'the service to accept the job');
    a.store.kill();

    const b = instance();
    expect((await restyle(b.proxy)).status).toBe(409);
    await clock.advance(PAST_DEADLINE_MS);
    const later = await restyle(b.proxy);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    upstream.complete('job_1');
    expect((await poll(b.proxy, later.json.request_id)).json.status).toBe('succeeded');
    expect(jobs()).toBe(1);
  });

  it('after the answer was written down: the retry is a replay of it', async () => {
    await dieAt('release', 'starts:');

    const b = instance();
    const replay = await restyle(b.proxy);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await poll(b.proxy, replay.json.request_id)).status).toBe(200);
    expect(jobs()).toBe(1);
  });

  it('forgets a pending record within minutes, not a day', async () => {
    await dieAt('hit', 'limit:');
    expect(await recordOf('click-1')).toContain('"pending"');
    await clock.advance(5 * 60_000);
    expect(await recordOf('click-1')).toBeUndefined();
  });
});

describe('the store fails at each step of a generation', () => {
  it.each<[string, StoreOp, string]>([
    ['counting the start', 'hit', 'starts:'],
    ['claiming the Idempotency-Key', 'claim', 'idem:'],
    ['checking the limits', 'hit', 'limit:'],
  ])('before the POST (%s): a clear 503 with Retry-After, nothing sent; served again once it is back', async (_, op, prefix) => {
    const a = instance();
    a.store.breakAt(op, prefix, 'down');
    const refused = await restyle(a.proxy);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ code: 'store_unavailable' });
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(upstream.count('/api/v1/restyle')).toBe(0);

    a.store.restore();
    // A record the refused request had written is cleared as soon as the store answers again.
    await waitFor(async () => (await recordOf('click-1')) === undefined, 'the refused request’s record to be cleared');
    expect((await restyle(a.proxy)).status).toBe(200);
    expect(jobs()).toBe(1);
  });

  it('after the service accepted the job: the visitor still gets a handle that works, and a retry replays it', async () => {
    const a = instance();
    a.store.breakAt('claim', 'known:', 'down');
    const ack = await restyle(a.proxy);
    expect(ack.status).toBe(200);
    // Followed from the service directly while the store is away.
    await clock.advance(3_000);
    expect((await poll(a.proxy, ack.json.request_id)).json.status).toBe('processing');

    a.store.restore();
    await waitFor(async () => (await recordOf('click-1'))?.includes('"done"') === true, 'the answer to be written down');
    const replay = await restyle(a.proxy);
    expect(replay.json).toEqual(ack.json);
    expect(jobs()).toBe(1);
  });
});

describe('the connection to the service dies during the POST', () => {
  it('after the job was created: found at once in the service’s list and answered with a handle', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', acceptedThen({ reset: true }));
    const ack = await restyle(a.proxy);
    expect(ack.status).toBe(200);
    expect(upstream.count('/api/v1/predictions')).toBe(1);
    expect((await poll(a.proxy, ack.json.request_id)).json.status).toBe('processing');
    expect((await restyle(a.proxy)).json).toEqual(ack.json);
    expect(jobs()).toBe(1);
  });

  it('after the job was created, without an Idempotency-Key: found too', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', acceptedThen({ reset: true }));
    const ack = await restyle(a.proxy, null);
    expect(ack.status).toBe(200);
    expect((await poll(a.proxy, ack.json.request_id)).json.status).toBe('processing');
    expect(jobs()).toBe(1);
  });

  it('with no answer at all (a timeout) after the job was created: found and answered with a handle', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', acceptedThen({ hang: true }));
    const ack = await restyle(a.proxy);
    expect(ack.status).toBe(200);
    expect(jobs()).toBe(1);
  });

  it('before the service saw it: "unknown, not retried" until the deadline, then started once', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', { reset: true });
    const unknown = await restyle(a.proxy);
    expect(unknown.status).toBe(502);
    expect(unknown.json.code).toBe('generation_unknown');
    expect(String(unknown.json.error)).toMatch(/not sent again/);
    expect(Number(unknown.headers.get('retry-after'))).toBe(Math.ceil((UPSTREAM_TIMEOUT_MS + 5_000) / 1000));
    // Too early to know: still unknown, and still nothing sent again.
    expect((await restyle(a.proxy)).json.code).toBe('generation_unknown');
    expect(upstream.count('/api/v1/restyle')).toBe(1);

    await clock.advance(PAST_DEADLINE_MS);
    const started = await restyle(a.proxy);
    expect(started.status).toBe(200);
    expect(upstream.count('/api/v1/restyle')).toBe(2);
    expect(jobs()).toBe(1);
  });

  it('without an Idempotency-Key, before the service saw it: a clear "unknown, not retried"', async () => {
    const a = instance();
    upstream.once('POST /api/v1/restyle', { reset: true });
    const unknown = await restyle(a.proxy, null);
    expect(unknown.status).toBe(502);
    expect(unknown.json.code).toBe('generation_unknown');
    expect(String(unknown.json.error)).toMatch(/without an Idempotency-Key/);
    expect(jobs()).toBe(0);
  });

  it('for two starts at once, one of which made a job: neither adopts it (ambiguous), and no second job is started', async () => {
    const a = instance();
    let arrived = 0;
    let bothArrived = () => {};
    const gate = new Promise<void>((resolve) => (bothArrived = resolve));
    const arrive = async () => {
      arrived += 1;
      if (arrived === 2) bothArrived();
      await gate;
    };
    upstream.once(
      'POST /api/v1/restyle',
      async (request, service) => {
        await arrive();
        return acceptedThen({ reset: true })(request, service);
      },
      async () => {
        await arrive();
        return { reset: true };
      },
    );
    const answers = await Promise.all([restyle(a.proxy, 'click-a'), restyle(a.proxy, 'click-b')]);
    expect(answers.map((r) => r.json.code)).toEqual(['generation_unknown', 'generation_unknown']);

    await clock.advance(PAST_DEADLINE_MS);
    const retries = await Promise.all([restyle(a.proxy, 'click-a'), restyle(a.proxy, 'click-b')]);
    expect(retries.map((r) => r.json.code)).toEqual(['generation_unknown', 'generation_unknown']);
    expect(jobs()).toBe(1);
    expect(upstream.count('/api/v1/restyle')).toBe(3);
  });
});
