import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { plannedDir } from '../files/file-access.js';

describe('save_dir and save_images', () => {
  let service: FakeService;
  let mcp: Connected;
  let dir: string;
  beforeAll(async () => {
    service = await startFakeService({ imagesPerJob: 2 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-save-'));
  });
  afterAll(async () => {
    await mcp.close();
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('saves every image under a readable name, reports the paths, and never overwrites', async () => {
    const target = join(dir, 'listing 12');
    const args = {
      image_url: 'https://example.com/a.jpg',
      style: 'mid_century_modern',
      room_type: 'bedroom',
      save_dir: target,
      previews: false,
    };
    const first = await mcp.client.callTool({ name: 'restyle', arguments: args });
    const images = (first.structuredContent as { images: { url: string; saved_path: string }[] }).images;
    expect(images.map((i) => i.saved_path)).toEqual([
      join(target, 'restyle-mid-century-modern-bedroom-job-1-1.png'),
      join(target, 'restyle-mid-century-modern-bedroom-job-1-2.png'),
    ]);
    const served = Buffer.from(await (await fetch(images[0]?.url ?? '')).arrayBuffer());
    expect(await readFile(images[0]?.saved_path ?? '')).toEqual(served);
    expect((first.content as { text: string }[])[0]?.text).toContain(`Saved to ${images[0]?.saved_path}`);

    // save_images names a job of this session as the generation did, never overwriting.
    const again = await mcp.client.callTool({ name: 'save_images', arguments: { id: 'job_1', folder: target } });
    expect((again.structuredContent as { saved: { path: string }[] }).saved[0]?.path).toBe(
      join(target, 'restyle-mid-century-modern-bedroom-job-1-1 (2).png'),
    );
    expect((await readdir(target)).length).toBe(4);
    // A job this session did not start is named after its id.
    const other = await mcp.client.callTool({ name: 'restyle', arguments: { ...args, save_dir: undefined } });
    const otherId = (other.structuredContent as { request_id: string }).request_id;
    const fresh = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
    try {
      await fresh.client.callTool({ name: 'save_images', arguments: { id: otherId, folder: target } });
    } finally {
      await fresh.close();
    }
    expect(await readdir(target)).toContain(`prediction-${otherId.replace('_', '-')}-1.png`);
  });

  it('refuses a relative folder, which would land wherever the client started the server', async () => {
    const result = await mcp.client.callTool({
      name: 'restyle',
      arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', save_dir: 'out' },
    });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/save_dir must be an absolute path/);
    expect(await plannedDir('anywhere', '~/Pictures', 'save_dir')).toMatch(/Pictures$/);
  });
});
