/** `image_path` end to end with the real pieces: the proxy's upload route, and the simulator fetching the upload. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProxyServer, startProxyServer } from '@room-restyler/proxy/node';
import { type RunningSimulator, sampleRoom, startSimulator } from '@room-restyler/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from './support/connect.js';

describe('image_path through the proxy upload route', () => {
  let simulator: RunningSimulator;
  let proxy: ProxyServer;
  let mcp: Connected;
  let dir: string;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, latencyMs: { min: 50, max: 100 }, seed: 3 });
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-proxy-'));
    proxy = await startProxyServer({
      port: 0,
      apiKey: 'sim_test_key',
      baseUrl: simulator.url,
      uploads: { dir: join(dir, 'uploads') },
      log: () => {},
    });
    mcp = await connectInMemory({ apiKey: 'sim_test_key', baseUrl: simulator.url, uploadUrl: `${proxy.url}/api/v1/uploads` });
  });
  afterAll(async () => {
    await mcp.close();
    await proxy.close();
    await simulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stages a photo from the local disk', async () => {
    const photo = join(dir, 'empty-bedroom.jpg');
    await writeFile(photo, await sampleRoom({ furnished: false }));
    const result = await mcp.client.callTool({
      name: 'enhance',
      arguments: { image_path: photo, mode: 'staging', style: 'scandinavian', room_type: 'bedroom' },
    });
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as { done: boolean; input_image_url: string; images: { url: string }[] };
    expect(output.done).toBe(true);
    expect(output.input_image_url.startsWith(`${proxy.url}/api/v1/uploads/`)).toBe(true);
    expect(output.images).toHaveLength(1);
    expect((await fetch(output.images[0]?.url ?? '')).status).toBe(200);
  });
});
