/**
 * The built bin over stdio, as a desktop client runs it (`node dist/room-restyler-mcp.js` with env), against the
 * real simulator: what a newcomer following the README sees.
 */
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HOST } from './support/connect.js';
import { type Spawned, spawnServer } from './support/spawn.js';
import { TOOL_NAMES } from './support/tool-names.js';

const KEY = 'sim_test_key';

describe('room-restyler-mcp over stdio, backed by the simulator', () => {
  let simulator: RunningSimulator;
  let server: Spawned;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, latencyMs: { min: 200, max: 400 }, accounts: [{ apiKey: KEY, credits: 10 }], seed: 7 });
    server = await spawnServer({ ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url });
  });
  afterAll(async () => {
    await server.client.close();
    await simulator.close();
  });

  it('restyles a photo with progress and returns a real image', async () => {
    expect((await server.client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const progress: string[] = [];
    const result = await server.client.callTool(
      {
        name: 'restyle',
        arguments: { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'japandi', room_type: 'living_room' },
      },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    );

    expect(result.isError).toBeFalsy();
    const { images, done } = result.structuredContent as { done: boolean; images: { url: string }[] };
    expect(done).toBe(true);
    const response = await fetch(images[0]?.url ?? '');
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    const preview = (result.content as { type: string }[]).find((c) => c.type === 'image');
    expect(preview).toBeDefined();
    expect(progress.some((m) => m.startsWith('Generating'))).toBe(true);
    expect(progress.at(-1)).toMatch(/^Done/);
  });

  it('hands over to `prediction` when the wait runs out', async () => {
    const started = await server.client.callTool({
      name: 'enhance',
      arguments: { image_url: `${simulator.url}/__simulator/samples/empty-room.jpg`, mode: 'staging', style: 'coastal', wait_seconds: 0 },
    });
    const { request_id, done } = started.structuredContent as { request_id: string; done: boolean };
    expect(done).toBe(false);
    const finished = await server.client.callTool({ name: 'prediction', arguments: { id: request_id, wait_seconds: 30, previews: false } });
    expect(finished.structuredContent).toMatchObject({ request_id, done: true, status: 'succeeded' });
  });

  it('keeps stdout for the protocol and logs on stderr, without the key', async () => {
    await server.client.callTool({ name: 'me', arguments: {} });
    expect(server.transportErrors).toEqual([]);
    expect(server.stderr()).toContain('[room-restyler-mcp] 0.1.0 on stdio; API key set');
    expect(server.stderr()).not.toContain(KEY);
  });

  it('closing stdin (the client quit) aborts the call in flight instead of following the job for nobody', async () => {
    const service = await startFakeService({ readsToComplete: 'manual' });
    const quitting = await spawnServer({ ROOM_API_KEY: TEST_API_KEY, ROOM_API_BASE_URL: service.url });
    try {
      const call = quitting.client
        .callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', wait_seconds: 55 } })
        .catch(() => undefined);
      await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 0, 'the job to be followed');
      await quitting.client.close();
      await call;
      expect(quitting.stderr()).toMatch(/cancelled by the client; job \S+ keeps running/);
    } finally {
      await service.close();
    }
  });

  it('starts without a key and explains the setup in tool errors', async () => {
    const keyless = await spawnServer({ ROOM_API_BASE_URL: simulator.url });
    try {
      const result = await keyless.client.callTool({ name: 'me', arguments: {} });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]?.text).toMatch(/No API key is configured\. Set ROOM_API_KEY/);
    } finally {
      await keyless.client.close();
    }
  });

  it('serves the MCP App from the bundled bin to a host that renders apps', async () => {
    const host = await spawnServer({ ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url }, APP_HOST);
    try {
      const { contents } = await host.client.readResource({ uri: 'ui://room-restyler/studio.html' });
      expect(contents[0]?.mimeType).toBe('text/html;profile=mcp-app');
      expect(contents[0] && 'text' in contents[0] ? contents[0].text : '').toContain('<room-restyler-studio>');
    } finally {
      await host.client.close();
    }
  });
});
