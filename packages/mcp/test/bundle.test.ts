/**
 * The `.mcpb` as Claude Desktop gets it: built, unpacked and its bin run over stdio against the
 * simulator. It carries only what the bin loads, small enough to download at once, and makes
 * previews with sharp's WebAssembly build — the same on every platform its manifest declares.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from '../bundle/build-bundle.js';
import { ENTRY_POINT } from '../bundle/manifest.js';
import { type Spawned, spawnServer } from './support/spawn.js';

const run = promisify(execFile);
const mcpb = new URL('../node_modules/.bin/mcpb', import.meta.url).pathname;
const KEY = 'sim_test_key';

describe('the .mcpb bundle', () => {
  let work: string;
  let bundle: string;
  let simulator: RunningSimulator;
  let server: Spawned;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'room-mcpb-test-'));
    bundle = await buildBundle(work);
    await run(mcpb, ['unpack', bundle, join(work, 'unpacked')]);
    simulator = await startSimulator({ port: 0, latencyMs: { min: 50, max: 100 }, accounts: [{ apiKey: KEY, credits: 10 }], seed: 5 });
    server = await spawnServer({ ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url }, {}, join(work, 'unpacked', ENTRY_POINT));
  }, 300_000);
  afterAll(async () => {
    await server?.client.close();
    await simulator?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is at most 5 MB and holds no native image library for one platform', async () => {
    expect((await stat(bundle)).size).toBeLessThanOrEqual(5 * 1024 * 1024);
    const img = await readdir(join(work, 'unpacked/node_modules/@img'));
    expect(img.filter((name) => name.startsWith('sharp-'))).toEqual(['sharp-wasm32']);
  });

  it('restyles a photo and shows a preview made by the WebAssembly sharp', async () => {
    const result = await server.client.callTool({
      name: 'restyle',
      arguments: { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'coastal' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'succeeded', done: true });
    expect((result.structuredContent as { notes?: string[] }).notes ?? []).toEqual([]);
    const preview = (result.content as { type: string; data?: string; mimeType?: string }[]).find((c) => c.type === 'image');
    expect(preview?.mimeType).toBe('image/jpeg');
    const { width, height } = await sharp(Buffer.from(preview?.data ?? '', 'base64')).metadata();
    expect(Math.max(width ?? 0, height ?? 0)).toBeGreaterThan(0);
    expect(Math.max(width ?? 0, height ?? 0)).toBeLessThanOrEqual(768);
  });
});
