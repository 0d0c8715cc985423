/**
 * One charge per user action, from the first click: two proxy processes (the built bin) on one real
 * Redis, in front of the kit's fake service, which counts the jobs it creates. The visitor starts
 * without a cookie, as on a first visit, and sends its action as the widget does: once more after
 * the proxy's free 428 (which sets the cookie), and again with the same Idempotency-Key whenever
 * the answer is lost or says to come back.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FakeService, type Inspected, inspect, type RunningRedis, startRedisServer, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptedThen, IMAGE_URL, startUpstream } from './support/harness.js';
import { listeningUrl, runNode } from './support/run-node.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const KEY = 'click-1';

let redis: RunningRedis;
let upstream: FakeService;
const children: ChildProcess[] = [];

beforeEach(async () => {
  redis = await startRedisServer();
  upstream = await startUpstream();
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await upstream.close();
  await redis.stop();
});

/** One instance of `room-restyler-proxy`, as an operator runs it behind a load balancer. */
async function instance(): Promise<{ url: string; child: ChildProcess }> {
  const child = runNode(CLI, ['--port', '0'], {
    env: {
      ROOM_API_KEY: TEST_API_KEY,
      ROOM_API_BASE_URL: upstream.url,
      ROOM_PROXY_SECRET: 'first-click-secret-0123456789',
      ROOM_PROXY_REDIS_URL: redis.url,
      ROOM_PROXY_UPSTREAM_TIMEOUT_MS: '1000',
    },
  });
  children.push(child);
  return { url: await listeningUrl(child), child };
}

/** A browser's cookie jar: it holds the visitor cookie from the answers that reach it. */
type Jar = { cookie?: string };

async function post(url: string, jar: Jar): Promise<Inspected> {
  const response = await fetch(`${url}/api/v1/restyle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': KEY, ...(jar.cookie ? { cookie: jar.cookie } : {}) },
    body: JSON.stringify({ image_url: IMAGE_URL, style: 'modern' }),
  });
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith('rr_visitor='));
  if (set) jar.cookie = set.split(';')[0] ?? '';
  return inspect(response);
}

/** The click as the widget sends it: again once after a 428 (the cookie is set now). */
async function click(url: string, jar: Jar): Promise<Inspected> {
  const answer = await post(url, jar);
  return answer.status === 428 ? post(url, jar) : answer;
}

/** Retry (same key) until the action is settled, coming back when each answer says. */
async function settle(url: string, jar: Jar): Promise<Inspected> {
  let answer = await click(url, jar);
  for (let attempt = 0; [409, 502].includes(answer.status) && attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1_000));
    answer = await click(url, jar);
  }
  return answer;
}

async function poll(url: string, jar: Jar, handle: unknown): Promise<string> {
  const response = await fetch(`${url}/api/v1/prediction/${String(handle)}`, { headers: { cookie: jar.cookie ?? '' } });
  return String((await inspect(response)).json.status);
}

describe('a first click, charged once', () => {
  it('whose answer is lost with the instance that took it: the retry on the other instance finds its one job', async () => {
    const [a, b] = [await instance(), await instance()];
    const jar: Jar = {};
    upstream.once('POST /api/v1/restyle', acceptedThen({ hang: true }));
    const lost = click(a.url, jar).catch(() => undefined);
    await expect.poll(() => upstream.jobs.size).toBe(1);
    a.child.kill('SIGKILL');
    expect(await lost).toBeUndefined();

    const answer = await settle(b.url, jar);
    expect(answer.status).toBe(200);
    expect(await poll(b.url, jar, answer.json.request_id)).toBe('processing');
    expect(upstream.jobs.size).toBe(1);
  });

  it('answered 5xx after the service created and charged the job: answered with that job, never the 500 again', async () => {
    const [a, b] = [await instance(), await instance()];
    const jar: Jar = {};
    upstream.once('POST /api/v1/restyle', acceptedThen({ status: 500, body: { error: 'Internal server error' } }));
    const answer = await settle(a.url, jar);
    expect(answer.status).toBe(200);
    expect(await poll(b.url, jar, answer.json.request_id)).toBe('processing');
    expect((await click(b.url, jar)).json.request_id).toBe(answer.json.request_id);
    expect(upstream.jobs.size).toBe(1);
  });

  it('answered 5xx with no job made: the same key starts it on the other instance', async () => {
    const [a, b] = [await instance(), await instance()];
    const jar: Jar = {};
    upstream.once('POST /api/v1/restyle', { status: 500, body: { error: 'Internal server error' } });
    const failed = await click(a.url, jar);
    expect(failed.status).toBe(500);
    expect(failed.json.code).toBe('upstream_error');
    expect(upstream.jobs.size).toBe(0);

    const answer = await settle(b.url, jar);
    expect(answer.status).toBe(200);
    expect(upstream.jobs.size).toBe(1);
  });

  it('without a cookie, nothing is read, counted or charged: a free 428 sets it', async () => {
    const { url } = await instance();
    const jar: Jar = {};
    const refused = await post(url, jar);
    expect(refused.status).toBe(428);
    expect(refused.json.code).toBe('visitor_cookie_required');
    expect(refused.headers.getSetCookie()[0]).toMatch(/^rr_visitor=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(upstream.requests).toHaveLength(0);
    expect((await post(url, jar)).status).toBe(200);
    expect(upstream.jobs.size).toBe(1);
  });
});
