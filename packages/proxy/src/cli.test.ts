/** The bin, as a newcomer runs it: a missing key stops startup; --simulate stages a photo end to end. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sampleRoom } from '@room-restyler/simulator';
import { describe, expect, it } from 'vitest';
import { Visitor } from '../test/support/harness.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const SIM_KEY = 'sim_proxy_key';

function run(args: string[], env: Record<string, string | undefined>): ChildProcess {
  const { ROOM_API_KEY: _key, ROOM_API_BASE_URL: _base, ...rest } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function collect(stream: NodeJS.ReadableStream | null): { text: string } {
  const out = { text: '' };
  stream?.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
  return out;
}

describe('room-restyler-proxy', () => {
  it('stops with a clear message naming ROOM_API_KEY when the key is missing', async () => {
    const child = run(['--port', '0'], {});
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.text).toContain('ROOM_API_KEY is not set');
    expect(stderr.text).toContain('--simulate');
    expect(stdout.text).toBe('');
  });

  it('exits 2 naming a bad flag or environment value, and answers --version', async () => {
    const exit = async (child: ChildProcess) => {
      const stderr = collect(child.stderr);
      const stdout = collect(child.stdout);
      const code = await new Promise((resolve) => child.on('exit', resolve));
      return { code, stderr: stderr.text, stdout: stdout.text };
    };
    expect(await exit(run(['--prot', '1'], {}))).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option --prot') });
    expect(await exit(run(['--simulate'], { ROOM_PROXY_TRUST_PROXY: 'yes' }))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('ROOM_PROXY_TRUST_PROXY must be true, false or a number of hops, got "yes"'),
    });
    expect(await exit(run(['--version'], {}))).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
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
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
    }
  });
});
