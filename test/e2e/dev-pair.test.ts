/**
 * The development pair as a developer starts it, with no flag: the built simulator bin on loopback
 * and the built proxy bin pointed at it. A photo uploaded to the proxy (on 127.0.0.1) is fetched
 * by the simulator, and the restyle succeeds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';

const bin = (name: string) => fileURLToPath(new URL(`../../packages/${name}/dist/cli.js`, import.meta.url));
const children: ChildProcess[] = [];

/** Starts a bin; resolves with the URL of its `… listening on URL` line. */
function start(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

let proxy: string;

beforeAll(async () => {
  const simulator = await start(bin('simulator'), ['--port', '0', '--latency', '300-600']);
  proxy = await start(bin('proxy'), ['--port', '0'], { ROOM_API_KEY: 'sim_test_key', ROOM_API_BASE_URL: simulator });
});
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

it('uploads a photo to the proxy, restyles it through the standalone simulator, and succeeds — no flag on either', async () => {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b4a48c' } })
    .jpeg()
    .toBuffer();
  const uploaded = await fetch(`${proxy}/api/v1/uploads`, {
    method: 'POST',
    body: new Uint8Array(photo),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(uploaded.status).toBe(201);
  const cookie = uploaded.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { url } = (await uploaded.json()) as { url: string };
  expect(new URL(url).hostname).toBe('127.0.0.1');

  const started = await fetch(`${proxy}/api/v1/restyle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ image_url: url, style: 'japandi' }),
  });
  const ack = (await started.json()) as { request_id?: string; error?: string };
  expect(ack.error).toBeUndefined();
  expect(started.status).toBe(200);

  // The event stream ends after the terminal status: its last prediction is the outcome.
  const events = await (await fetch(`${proxy}/api/v1/prediction/${ack.request_id}/events`, { headers: { cookie } })).text();
  const last = [...events.matchAll(/^data: (.*)$/gm)]
    .map((match) => JSON.parse(match[1] as string) as { status: string; output?: string[] })
    .at(-1);
  expect(last).toMatchObject({ status: 'succeeded', output: [expect.stringMatching(/^http:\/\//)] });
});
