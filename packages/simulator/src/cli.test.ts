/** Runs the built bin (dist/cli.js; `pnpm test` builds first) the way a newcomer would. */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, pollUntilEnded, requestIdOf } from './test-support/api-client.js';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const children: Array<ChildProcessByStdio<null, Readable, Readable>> = [];

function run(args: string[]) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run pnpm --filter @room-restyler/simulator build`);
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, nextLine: async () => (await lines.next()).value as string | undefined, stderr: () => stderr };
}

async function exitOf(child: ChildProcessByStdio<null, Readable, Readable>): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('room-restyler-sim', () => {
  it('prints its address first, runs a whole restyle with the printed key, and stops cleanly on SIGTERM', async () => {
    const sim = run(['--port', '0', '--latency', '50-100', '--seed', '4']);
    const first = await sim.nextLine();
    expect(first).toMatch(/^simulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first!.replace('simulator listening on ', '');
    const banner = [await sim.nextLine(), await sim.nextLine(), await sim.nextLine(), await sim.nextLine()].join('\n');
    expect(banner).toContain(`curl -s -X POST ${url}/api/v1/restyle -H 'Authorization: Bearer sim_test_key'`);

    const call = apiClient(url);
    const id = requestIdOf(
      await call('POST', '/api/v1/restyle', {
        json: { image_url: `${url}/__simulator/samples/furnished-room.jpg`, style: 'scandinavian' },
      }),
    );
    const { prediction } = await pollUntilEnded(call, id);
    expect(prediction.status).toBe('succeeded');
    const image = await fetch(prediction.output![0]!);
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });

    expect(sim.stderr()).toContain(`POST /api/v1/restyle -> 200`);
    sim.child.kill('SIGTERM');
    expect(await exitOf(sim.child)).toBe(0);
  });

  it('exits 2 with a clear message on a bad flag', async () => {
    const sim = run(['--fail-rate', 'lots']);
    expect(await exitOf(sim.child)).toBe(2);
    expect(sim.stderr()).toBe(
      'room-restyler-sim: --fail-rate must be a number from 0 to 1, got "lots"\nRun room-restyler-sim --help for usage.\n',
    );
  });

  it('prints every flag with --help and exits 0', async () => {
    const sim = run(['--help']);
    const lines: string[] = [];
    for (let line = await sim.nextLine(); line !== undefined; line = await sim.nextLine()) lines.push(line);
    expect(await exitOf(sim.child)).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--api-key',
      '--credits',
      '--latency',
      '--fail-rate',
      '--error-rate',
      '--rate-limit-rate',
      '--reset-rate',
      '--seed',
      '--help',
    ]) {
      expect(lines.join('\n')).toContain(flag);
    }
  });

  it('exits 1 when the port is taken', async () => {
    const first = run(['--port', '0']);
    const port = (await first.nextLine())!.split(':').at(-1)!;
    const second = run(['--port', port]);
    expect(await exitOf(second.child)).toBe(1);
    expect(second.stderr()).toMatch(/EADDRINUSE/);
    first.child.kill('SIGINT');
    expect(await exitOf(first.child)).toBe(0);
    expect(first.stderr()).toContain('SIGINT: shutting down');
  });
});
