import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HOST, type Connected, connectInMemory } from '../../test/support/connect.js';
import { startUploadRoute, type UploadRoute } from '../../test/support/upload-route.js';

/** A photo dropped into the app, through the real key proxy's upload route. */
describe('upload_photo', () => {
  let service: FakeService;
  let route: UploadRoute;
  let mcp: Connected;
  /** Requests this server sent to the upload route. */
  const sent: string[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    route = await startUploadRoute({ apiKey: TEST_API_KEY, baseUrl: service.url });
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    mcp = await connectInMemory(
      { apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl: route.uploadUrl, fetch: counting },
      { capabilities: APP_HOST },
    );
  });
  afterAll(async () => {
    await mcp.close();
    await Promise.all([route.close(), service.close()]);
  });
  const upload = (data: string) => mcp.client.callTool({ name: 'upload_photo', arguments: { data } });
  const text = (result: object) => ('content' in result ? (result.content as { text: string }[])[0]?.text : undefined);

  it('uploads the bytes the app sends and returns the URL the service can fetch them from', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aabbcc' } })
      .png()
      .toBuffer();
    const result = await upload(png.toString('base64'));
    expect(result.isError).toBeFalsy();
    const { url } = result.structuredContent as { url: string };
    expect(url.startsWith(`${route.uploadUrl}/`)).toBe(true);
    // The proxy keeps its own re-encoded copy of the photo.
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, before anything is uploaded', async () => {
    const heic = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
    sent.length = 0;
    for (const data of [Buffer.from('just some text').toString('base64'), heic.toString('base64')]) {
      const result = await upload(data);
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('The photo must be a JPEG, PNG or WebP image.');
    }
    expect(sent).toEqual([]);
  });

  it('refuses data over the 15 MB upload limit, and data that is not base64', async () => {
    const tooBig = await upload('A'.repeat(20 * 1024 * 1024 + 4));
    expect(tooBig.isError).toBe(true);
    expect(text(tooBig)).toMatch(/larger than the 15 MB upload limit/);
    const notBase64 = await upload('not base64!');
    expect(notBase64.isError).toBe(true);
    expect(text(notBase64)).toMatch(/base64/);
  });
});
