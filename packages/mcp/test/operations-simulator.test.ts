/**
 * Each operation tool end to end against the simulator, in both documented acknowledgement shapes:
 * a photo fix, a blur, an inpaint whose mask is a local PNG uploaded through the key proxy, and a
 * room from words.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedPollSchedule } from '@room-restyler/core';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from './support/connect.js';
import { startUploadRoute, type UploadRoute } from './support/upload-route.js';

const KEY = 'sim_operations_key';

describe.each(['generation', 'object'] as const)('the operation tools against the simulator, acknowledged in the %s shape', (ackShape) => {
  let simulator: RunningSimulator;
  let route: UploadRoute;
  let mcp: Connected;
  let dir: string;
  let photo: string;
  beforeAll(async () => {
    simulator = await startSimulator({
      port: 0,
      latencyMs: { min: 50, max: 100 },
      accounts: [{ apiKey: KEY, credits: 10 }],
      ackShape,
      // The photo and the uploaded mask are on loopback here, which the simulator fetches only when allowed.
      imageFetch: { allowPrivate: true },
    });
    route = await startUploadRoute({ apiKey: KEY, baseUrl: simulator.url });
    mcp = await connectInMemory({
      apiKey: KEY,
      baseUrl: simulator.url,
      uploadUrl: route.uploadUrl,
      pollSchedule: fixedPollSchedule(20, 100),
    });
    photo = `${simulator.url}/__simulator/samples/furnished-room.jpg`;
    const { width = 1, height = 1 } = await sharp(Buffer.from(await (await fetch(photo)).arrayBuffer())).metadata();
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-operations-'));
    const mask = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
      .composite([
        { input: { create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: '#ffffff' } } },
      ])
      .png()
      .toBuffer();
    await writeFile(join(dir, 'mask.png'), mask);
  });
  afterAll(async () => {
    await mcp?.close();
    await route?.close();
    await simulator?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['edit_photo', 'clearSky', () => ({ image_url: photo })],
    ['edit_objects', 'blurObjects', () => ({ image_url: photo, objects: ['faces', 'license plates'] })],
    ['edit_objects', 'inpaint', () => ({ image_url: photo, mask_path: join(dir, 'mask.png'), prompt: 'a green armchair' })],
    ['create_room', 'freestyle', () => ({ prompt: 'a bright attic bedroom' })],
  ])('%s %s starts, finishes and gives the simulated image', async (name, operation, args) => {
    const given = { operation, ...args() };
    const result = await mcp.client.callTool({ name, arguments: { ...given, previews: false } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const output = result.structuredContent as { done: boolean; images: { url: string }[]; inputs: object; credits_charged: number };
    expect(output).toMatchObject({ done: true, inputs: given, credits_charged: 1 });
    const image = await fetch(output.images[0]?.url ?? '');
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});
