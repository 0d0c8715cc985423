import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { makePreviews } from './previews.js';

describe('previews', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeAll(async () => {
    // Twelve 1600×1200 images of noise: ~13 MB as served, ~1.4 MB even as full-size previews.
    service = await startFakeService({ imagesPerJob: 12, image: { width: 1600, height: 1200, noisy: true } });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterAll(async () => {
    await mcp.close();
    await service.close();
  });

  it('keep a result with many large images under 900 KB, still linking every image', async () => {
    const result = await mcp.client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'luxury' } });
    const content = result.content as { type: string; data?: string; uri?: string }[];
    const previews = content.filter((c) => c.type === 'image');
    const previewBytes = previews.reduce((sum, c) => sum + (c.data?.length ?? 0), 0);

    expect(previews.length).toBeGreaterThan(0);
    expect(previewBytes).toBeLessThanOrEqual(900_000);
    expect(JSON.stringify(result).length).toBeLessThan(1_000_000);
    expect(content.filter((c) => c.type === 'resource_link')).toHaveLength(12);
    expect((result.structuredContent as { images: unknown[] }).images).toHaveLength(12);
    const sides: number[] = [];
    for (const preview of previews) {
      const meta = await sharp(Buffer.from(preview.data ?? '', 'base64')).metadata();
      sides.push(Math.max(meta.width ?? 0, meta.height ?? 0));
    }
    expect(Math.max(...sides)).toBe(768);
    // The budget bit: later previews were made smaller or left out (and the result says so).
    const shrunk = sides.some((side) => side < 768);
    const omitted = 12 - previews.length;
    expect(shrunk || omitted > 0).toBe(true);
    if (omitted > 0) expect((result.structuredContent as { notes: string[] }).notes.join(' ')).toContain(`${omitted} preview(s) left out`);
  });

  it('leave out what does not fit a small budget and skip undecodable bytes', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8899aa' } })
      .png()
      .toBuffer();
    const image = { url: 'http://x/1.png', bytes: small, contentType: 'image/png' };
    const garbage = { url: 'http://x/2.png', bytes: Buffer.from('not an image'), contentType: 'image/png' };
    const all = await makePreviews([image, garbage, image], 3_000);
    expect(all.images.length + all.omitted).toBe(3);
    expect(all.bytes).toBeLessThanOrEqual(3_000);
    expect(all.omitted).toBeGreaterThanOrEqual(1);
    expect(await makePreviews([image], 0)).toEqual({ images: [], omitted: 1, bytes: 0 });
  });

  it('without sharp, show what fits as it is and say why the rest is missing', async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8899aa' } })
      .png()
      .toBuffer();
    const large = Buffer.alloc(10_000, 1);
    const noSharp = () => Promise.reject(new Error('Could not load the "sharp" module using the linux-x64 runtime\nPossible solutions: …'));
    const previews = await makePreviews(
      [
        { url: 'http://x/1.png', bytes: small, contentType: 'image/png' },
        { url: 'http://x/2.jpg', bytes: large, contentType: 'image/jpeg' },
        { url: 'http://x/3.bin', bytes: small, contentType: 'application/octet-stream' },
      ],
      9_000,
      noSharp,
    );
    expect(previews.images).toEqual([{ type: 'image', data: small.toString('base64'), mimeType: 'image/png' }]);
    expect(previews.omitted).toBe(2);
    expect(previews.unavailable).toBe('Could not load the "sharp" module using the linux-x64 runtime');
  });
});
