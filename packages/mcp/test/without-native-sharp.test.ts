/**
 * The bin where sharp's native binary is missing — an npm install that skipped optional packages,
 * or a bundle built for another platform: the real sharp package is installed beside the bin
 * without its `@img/sharp-<platform>` binary, so loading it fails as it does there. A paid job's
 * result still reaches the user as a success, and says why its previews are missing.
 */
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Spawned, spawnServer } from './support/spawn.js';

const KEY = 'sim_test_key';
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** An install of the built bin whose sharp has no native binary. */
async function installWithoutNativeSharp(root: string): Promise<string> {
  const modules = join(root, 'node_modules');
  const mcp = join(modules, '@room-restyler/mcp');
  await mkdir(join(mcp, 'dist'), { recursive: true });
  await cp(join(packageDir, 'package.json'), join(mcp, 'package.json'));
  for (const file of ['room-restyler-mcp.js', 'room-restyler-mcp.cjs']) await cp(join(packageDir, 'dist', file), join(mcp, 'dist', file));
  await cp(join(packageDir, 'dist/app'), join(mcp, 'dist/app'), { recursive: true });

  const sharpDir = dirname(createRequire(join(packageDir, 'package.json')).resolve('sharp/package.json'));
  await cp(sharpDir, join(modules, 'sharp'), { recursive: true, dereference: true });
  const fromSharp = createRequire(join(sharpDir, 'package.json'));
  const { dependencies } = fromSharp('./package.json') as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    await mkdir(dirname(join(modules, name)), { recursive: true });
    await symlink(dirname(fromSharp.resolve(`${name}/package.json`)), join(modules, name), 'dir');
  }
  return join(mcp, 'dist/room-restyler-mcp.js');
}

interface JobResult {
  request_id: string;
  status: string;
  done: boolean;
  images: { url: string }[];
  notes?: string[];
}

describe('room-restyler-mcp where sharp cannot load', () => {
  let root: string;
  let simulator: RunningSimulator;
  let server: Spawned;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'room-mcp-no-sharp-'));
    const bin = await installWithoutNativeSharp(root);
    simulator = await startSimulator({ port: 0, latencyMs: { min: 50, max: 100 }, accounts: [{ apiKey: KEY, credits: 10 }], seed: 3 });
    server = await spawnServer({ ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url }, {}, bin);
  });
  afterAll(async () => {
    await server?.client.close();
    await simulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('reports a finished job as finished, with its images and a note on the previews, from `restyle` and `prediction`', async () => {
    const restyled = await server.client.callTool({
      name: 'restyle',
      arguments: { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'japandi' },
    });
    expect(restyled.isError).toBeFalsy();
    const job = restyled.structuredContent as unknown as JobResult;
    expect(job).toMatchObject({ status: 'succeeded', done: true });
    expect(job.images.length).toBeGreaterThan(0);
    expect((await fetch(job.images[0]?.url ?? '')).ok).toBe(true);
    expect(job.notes?.join(' ')).toMatch(/sharp did not load on this machine \(Could not load the "sharp" module/);

    const followed = await server.client.callTool({ name: 'prediction', arguments: { id: job.request_id } });
    expect(followed.isError).toBeFalsy();
    expect(followed.structuredContent).toMatchObject({ request_id: job.request_id, status: 'succeeded', done: true });
    const text = (followed.content as { type: string; text?: string }[]).find((c) => c.type === 'text')?.text;
    expect(text).toContain(job.request_id);
    expect(text).toMatch(/Note: .*sharp did not load/);
  });
});
