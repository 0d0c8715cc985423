/** Runs the built bin (dist/cli.js; `pnpm test` builds first) the way a newcomer would. */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
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
  // 'close', not 'exit': by then stdout and stderr are drained, so stderr() holds every message.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  return { child, nextLine: async () => (await lines.next()).value as string | undefined, stderr: () => stderr, exited };
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
    expect(await sim.exited).toBe(0);
  });

  it('exits 2 with a clear message on a bad flag value or an unknown flag, naming it', async () => {
    const sim = run(['--fail-rate', 'lots']);
    expect(await sim.exited).toBe(2);
    expect(sim.stderr()).toBe(
      'room-restyler-sim: --fail-rate must be a number from 0 to 1, got "lots"\nRun room-restyler-sim --help for usage.\n',
    );

    const typo = run(['--prot', '4010']);
    expect(await typo.exited).toBe(2);
    expect(typo.stderr()).toBe('room-restyler-sim: unknown option --prot\nRun room-restyler-sim --help for usage.\n');
    expect(await typo.nextLine()).toBeUndefined();
  });

  it('prints the package version with --version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const sim = run(['--version']);
    expect(await sim.nextLine()).toBe(version);
    expect(await sim.nextLine()).toBeUndefined();
    expect(await sim.exited).toBe(0);
    expect(sim.stderr()).toBe('');
  });

  it('prints every flag with --help and exits 0', async () => {
    const sim = run(['--help']);
    const lines: string[] = [];
    for (let line = await sim.nextLine(); line !== undefined; line = await sim.nextLine()) lines.push(line);
    expect(await sim.exited).toBe(0);
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
      '--concurrency-per-key',
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
    expect(await second.exited).toBe(1);
    // The address, and what to do: the raw `listen EADDRINUSE` said neither plainly.
    expect(second.stderr()).toBe(
      `room-restyler-sim: port ${port} on 127.0.0.1 is already in use: stop what listens there or choose another port\n`,
    );
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.stderr()).toContain('SIGINT: shutting down');
  });
});
