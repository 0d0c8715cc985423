/** The bin, as a newcomer runs it: a missing key stops startup; --simulate stages a photo end to end. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sampleRoom } from '@room-restyler/simulator';
import { describe, expect, it } from 'vitest';
import { Visitor } from '../test/support/harness.js';
import { rawRequest } from '../test/support/raw-http.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { collect, exited, listeningUrl, type RunOptions, runNode } from '../test/support/run-node.js';

// The built bin, as a user runs it (`pnpm test` and `pnpm check` build first).
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const SIM_KEY = 'sim_proxy_key';
/** A service origin nothing listens on: the proxy starts without calling it. */
const SERVICE = { ROOM_API_KEY: 'bs_live_cli_test', ROOM_API_BASE_URL: 'http://127.0.0.1:9' };

const run = (args: string[], env: Record<string, string> = {}, options: Omit<RunOptions, 'env'> = {}) =>
  runNode(CLI, args, { ...options, env });

describe('room-restyler-proxy', () => {
  it('stops with a clear message naming ROOM_API_KEY when the key is missing', async () => {
    const { code, stdout, stderr } = await exited(run(['--port', '0']));
    expect(code).toBe(2);
    expect(stderr).toContain('ROOM_API_KEY is not set');
    expect(stderr).toContain('--simulate');
    expect(stdout).toBe('');
  });

  it('exits 2 naming a bad flag or environment value, and answers --version', async () => {
    expect(await exited(run(['--prot', '1']))).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option --prot') });
    expect(await exited(run(['--simulate'], { ROOM_PROXY_TRUST_PROXY: 'yes' }))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('ROOM_PROXY_TRUST_PROXY must be true, false or a number of hops, got "yes"'),
    });
    expect(await exited(run(['--version']))).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
  });

  it.each([
    ['@room-restyler/simulator', 'for --simulate', ['--simulate'], {}],
    ['sharp', 'for image uploads', [], SERVICE],
    ['ioredis', 'for the Redis store', [], { ...SERVICE, ROOM_PROXY_REDIS_URL: 'redis://127.0.0.1:9' }],
  ])('stops naming %s and how to install it when a feature needs it and it is not installed', async (name, feature, args, env) => {
    const { code, stdout, stderr } = await exited(run([...args, '--port', '0'], env, { hide: [name] }));
    expect(code).toBe(1);
    expect(stderr).toContain(`The package ${name} is needed ${feature} but is not installed`);
    expect(stderr).toContain(`npm install ${name}`);
    expect(stdout).toBe('');
  });

  it.each([
    ['the memory store', false],
    ['a Redis store', true],
  ])('exits non-zero naming the port when the port is taken, with %s', async (_, withRedis) => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    const redis = withRedis ? await startRedisServer() : undefined;
    const child = run(['--port', String(port)], { ...SERVICE, ...(redis ? { ROOM_PROXY_REDIS_URL: redis.url } : {}) });
    // A bin that stays up without a listener is never restarted by `Restart=on-failure`: one still
    // running after 10 s is killed, and its missing exit code fails the test.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000);
    try {
      const { code, stdout, stderr } = await exited(child);
      expect(code ?? 'still running').toBe(1);
      expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(stdout).not.toContain('proxy listening');
    } finally {
      clearTimeout(deadline);
      taken.close();
      await redis?.stop();
    }
  });

  it('--simulate: upload a photo, restyle it, follow events, download the output', async () => {
    const child = run(['--simulate', '--port', '0'], { ROOM_SIM_LATENCY: '200-400' });
    const stdout = collect(child.stdout);
    try {
      const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      expect(firstLine).toMatch(/^proxy listening on http:\/\/127\.0\.0\.1:\d+$/);
      const visitor = new Visitor(firstLine.slice('proxy listening on '.length));

      const uploaded = await visitor.request('/api/v1/uploads', {
        method: 'POST',
        body: new Uint8Array(await sampleRoom({ width: 800, height: 600 })),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(uploaded.status).toBe(201);
      const ack = await visitor.post(
        '/api/v1/restyle',
        { image_url: uploaded.json.url, style: 'scandinavian' },
        { 'idempotency-key': 'e2e-1' },
      );
      expect(ack.status).toBe(200);
      const events = visitor.events(String(ack.json.request_id));
      await events.ended;
      const last = events.events.at(-1);
      expect(last?.event).toBe('prediction');
      expect(last?.data.status).toBe('succeeded');
      const output = (last?.data.output as string[] | undefined)?.[0] ?? '';
      const image = await fetch(output);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      expect(stdout.text).not.toContain(SIM_KEY);
    } finally {
      child.kill('SIGTERM');
      expect((await exited(child)).code).toBe(0);
    }
  });

  it('--simulate with ROOM_PROXY_OPERATIONS: offers those operations and refuses the others', async () => {
    const child = run(['--simulate', '--port', '0'], { ROOM_PROXY_OPERATIONS: 'clearSky' });
    try {
      const visitor = new Visitor(await listeningUrl(child));
      const photo = await visitor.request('/api/v1/uploads', {
        method: 'POST',
        body: new Uint8Array(await sampleRoom({ width: 320, height: 240 })),
        headers: { 'content-type': 'image/jpeg' },
      });
      const image_url = String(photo.json.url);
      const refused = await visitor.post('/api/v1/enhance', { image_url, mode: 'staging' });
      expect(refused).toMatchObject({ status: 404, json: { code: 'not_found', allowed: ['clearSky'] } });
      expect((await visitor.post('/api/v1/clear-sky', { image_url })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  it("--simulate: a forged Host neither makes an upload-looking URL on it pass nor shows in an upload's url", async () => {
    const child = run(['--simulate', '--port', '0']);
    try {
      const url = await listeningUrl(child);
      // The visitor cookie the upload's answer sets: a generation without it is answered 428 first.
      let cookie = '';
      const post = async (path: string, type: string, body: Uint8Array) => {
        const head = `POST ${path} HTTP/1.1\r\nHost: 169.254.169.254\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}Content-Type: ${type}\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`;
        const response = await rawRequest(url, Buffer.concat([Buffer.from(head), body]));
        cookie ||= /set-cookie: (rr_visitor=[^;\r\n]+)/i.exec(response.head)?.[1] ?? '';
        return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
      };
      const upload = await post('/api/v1/uploads', 'image/jpeg', new Uint8Array(await sampleRoom({ width: 64, height: 48 })));
      expect(upload.status).toBe(201);
      expect(String(upload.json.url).startsWith(`${url}/api/v1/uploads/`)).toBe(true);
      const imageUrl = `http://169.254.169.254/api/v1/uploads/${'a'.repeat(32)}`;
      const restyle = await post(
        '/api/v1/restyle',
        'application/json',
        Buffer.from(JSON.stringify({ image_url: imageUrl, style: 'modern' })),
      );
      expect(restyle).toMatchObject({ status: 400, json: { field: 'image_url' } });
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });
});
