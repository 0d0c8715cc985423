/** `room-restyler-proxy --check` as a user runs it: one line per setting, the fix for what fails, exit 1 then. */
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { StartLedger } from '@room-restyler/core/internal';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../../test/support/redis-server.js';
import { exited, type RunOptions, runNode } from '../../test/support/run-node.js';
import { createRedisStore } from '../node/redis/store.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const KEY = 'sim_check_key';

const check = (env: Record<string, string>, options: Omit<RunOptions, 'env'> = {}) =>
  exited(runNode(CLI, ['--check'], { ...options, env }));
const line = (stdout: string, label: string) => stdout.split('\n').find((text) => text.slice(2).startsWith(`${label} `)) ?? '';

/** A port nothing listens on: one the OS just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

describe('room-restyler-proxy --check', () => {
  let simulator: RunningSimulator;
  let service: Record<string, string>;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, accounts: [{ apiKey: KEY, credits: 412, subscription: 'Pro' }] });
    service = { ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url };
  });
  afterAll(() => simulator.close());

  it('says what each setting will do and exits 0 when the service accepts the key', async () => {
    const { code, stdout } = await check({ ...service, ROOM_PROXY_ALLOWED_ORIGINS: 'https://shop.example' });
    expect(code).toBe(0);
    expect(stdout).not.toContain('✗');
    expect(line(stdout, 'base URL')).toBe(`✓ base URL   ${simulator.url} answers`);
    expect(line(stdout, 'key')).toBe('✓ key        accepted: plan Pro, 412 credits left');
    expect(line(stdout, 'redis')).toMatch(/^✓ redis +not set .*one instance only/);
    expect(line(stdout, 'sharp')).toMatch(/^✓ sharp +loaded: sharp \d+\.\d+/);
    expect(line(stdout, 'uploads')).toMatch(/^✓ uploads +.* is writable$/);
    expect(line(stdout, 'widget')).toMatch(/^✓ widget +@room-restyler\/element \d+\.\d+\.\d+/);
    expect(line(stdout, 'origins')).toBe('✓ origins    https://shop.example');
    // A warning says what it means, and does not fail the check.
    expect(line(stdout, 'public URL')).toMatch(/^! public URL not set .* set it to the public address the service can fetch$/);
    expect(line(stdout, 'operations')).toMatch(/^✓ operations +enhance, restyle, emptyRoom \(the default; ROOM_PROXY_OPERATIONS\)$/);
    expect(line(stdout, 'key share')).toMatch(
      /^✓ key share +\d+ recent jobs? on the account; whose they are cannot be told here \(no shared store: .*\) — reconciling a lost start needs one API key per deployment$/,
    );
  });

  it('lists the operations the site offers, and names an unknown one with the known ones', async () => {
    const offered = await check({ ...service, ROOM_PROXY_OPERATIONS: 'enhance, clearSky,blurObjects' });
    expect(line(offered.stdout, 'operations')).toMatch(/^✓ operations +enhance, clearSky, blurObjects$/);
    const unknown = await check({ ...service, ROOM_PROXY_OPERATIONS: 'enhance,teleport' });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(
      /ROOM_PROXY_OPERATIONS: "teleport" is no operation of the service; known: enhance, restyle, emptyRoom, /,
    );
  });

  it("warns when the account's recent jobs include one this deployment did not start, from the start ledger in Redis", async () => {
    const redis = await startRedisServer();
    const store = await createRedisStore({ url: redis.url });
    try {
      const start = (style: string) =>
        fetch(`${simulator.url}/api/v1/restyle`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style }),
        }).then((response) => response.json() as Promise<{ request_id: string }>);
      // One start of this deployment, written down as the proxy does; then another program's job on the same key.
      const ledger = new StartLedger(store, { upstreamTimeoutMs: 30_000 });
      const ours = ledger.newStart(Date.now());
      await ledger.open(ours);
      const { request_id } = await start('modern');
      await ledger.claimPrediction(request_id, ours, Date.now());
      await ledger.close(ours, 'in_flight');
      await start('coastal');

      const { stdout } = await check({ ...service, ROOM_PROXY_REDIS_URL: redis.url });
      expect(line(stdout, 'key share')).toMatch(
        /^! key share +1 of the \d+ recent jobs on the account were not started by this deployment — another program uses ROOM_API_KEY: give each deployment its own key/,
      );
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('names a refused key and how to fix it, never printing the key', async () => {
    const wrong = 'bs_live_wrong_key_0123456789';
    const { code, stdout, stderr } = await check({ ...service, ROOM_API_KEY: wrong });
    expect(code).toBe(1);
    expect(line(stdout, 'key')).toMatch(/^✗ key +refused — the service refused ROOM_API_KEY/);
    expect(line(stdout, 'base URL')).toMatch(/^✓ base URL/);
    expect(stdout + stderr).not.toContain(wrong);
  });

  it('names a base URL that answers 404 with the origin to set instead', async () => {
    const { code, stdout } = await check({ ...service, ROOM_API_BASE_URL: `${simulator.url}/not-the-service` });
    expect(code).toBe(1);
    expect(line(stdout, 'base URL')).toBe(
      `✗ base URL   ${simulator.url}/not-the-service answered 404 at /api/v1/me — set ROOM_API_BASE_URL to the service origin, e.g. https://api.bright-shot.com`,
    );
  });

  it('names an unreachable base URL and a Redis nothing listens on, without the Redis password', async () => {
    const port = await closedPort();
    const { code, stdout } = await check({
      ...service,
      ROOM_API_BASE_URL: `http://127.0.0.1:${port}`,
      ROOM_PROXY_REDIS_URL: `redis://:redis-secret@127.0.0.1:${port}`,
    });
    expect(code).toBe(1);
    expect(line(stdout, 'base URL')).toMatch(
      new RegExp(`^✗ base URL +http://127\\.0\\.0\\.1:${port} is unreachable .* check ROOM_API_BASE_URL`),
    );
    expect(line(stdout, 'redis')).toMatch(
      new RegExp(`^✗ redis +ROOM_PROXY_REDIS_URL: Redis at redis://127\\.0\\.0\\.1:${port} is unreachable: .*ECONNREFUSED.* — start Redis`),
    );
    expect(stdout).not.toContain('redis-secret');
  });

  it('fails on a missing sharp and an allowed origin written with a path, each with its fix', async () => {
    const { code, stdout } = await check({ ...service, ROOM_PROXY_ALLOWED_ORIGINS: 'https://shop.example/' }, { hide: ['sharp'] });
    expect(code).toBe(1);
    expect(line(stdout, 'sharp')).toBe('✗ sharp      not installed: uploads cannot start — npm install sharp');
    expect(line(stdout, 'origins')).toMatch(/^✗ origins +not origins: https:\/\/shop\.example\/ — write each as scheme:\/\/host\[:port\]/);
    expect(line(stdout, 'key')).toMatch(/^✓ key/);
  });
});
