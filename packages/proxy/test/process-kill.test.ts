/**
 * The proxy process is killed (SIGKILL) while the service is creating a job for it: the visitor's
 * request dies with it, the job exists and is paid for. Sent again with the same Idempotency-Key
 * to a new process on the same Redis, the action is "in progress" until the lost start's deadline,
 * then answered with a handle to that job — never a second one.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FakeService, type Inspected, inspect } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptedThen, IMAGE_URL, startUpstream, visitorCookie } from './support/harness.js';
import { type RunningRedis, startRedisServer } from './support/redis-server.js';
import { listeningUrl, runNode } from './support/run-node.js';

const SCRIPT = fileURLToPath(new URL('./support/serve-proxy.ts', import.meta.url));
const SECRET = 'process-kill-secret-0123456789';

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

async function proxyProcess(): Promise<string> {
  const child = runNode(SCRIPT, [], {
    env: { PROXY_BASE_URL: upstream.url, PROXY_REDIS_URL: redis.url, PROXY_SECRET: SECRET, PROXY_UPSTREAM_TIMEOUT_MS: '1000' },
  });
  children.push(child);
  return listeningUrl(child);
}

describe('a proxy process killed during a generation', () => {
  it('leaves a start that a new process finds again after its deadline: one job, answered with a handle', async () => {
    const cookie = await visitorCookie(SECRET);
    const restyle = (url: string): Promise<Inspected> =>
      fetch(`${url}/api/v1/restyle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': 'click-1' },
        body: JSON.stringify({ image_url: IMAGE_URL, style: 'modern' }),
      }).then(inspect);

    upstream.once('POST /api/v1/restyle', acceptedThen({ hang: true }));
    const first = await proxyProcess();
    const firstSentAt = Date.now();
    const lost = restyle(first).catch(() => undefined);
    await expect.poll(() => upstream.jobs.size).toBe(1);
    const killed = children[0] as ChildProcess;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(await lost).toBeUndefined();

    const second = await proxyProcess();
    const secondSentAt = Date.now();
    let answer = await restyle(second);
    // Before the lost start's deadline (its 1 s timeout plus the 5 s grace, counted from no earlier
    // than the first send) the action is in progress; a slow machine may start the new process later.
    if (secondSentAt < firstSentAt + 6_000) expect(answer.status).toBe(409);
    // Come back when told.
    for (let attempt = 0; answer.status === 409 && attempt < 20; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1_000));
      answer = await restyle(second);
    }
    expect(answer.status).toBe(200);
    const poll = await fetch(`${second}/api/v1/prediction/${String(answer.json.request_id)}`, { headers: { cookie } }).then(inspect);
    expect(poll.json.status).toBe('processing');
    expect(upstream.jobs.size).toBe(1);
  }, 30_000);
});
