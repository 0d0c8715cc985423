import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProxyServer, startProxyServer } from '@room-restyler/proxy/node';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

/** `image_path` through the real key proxy's upload route, with the fake service behind both. */
describe('image_path', () => {
  let service: FakeService;
  let proxy: ProxyServer;
  let uploadUrl: string;
  let dir: string;
  let photo: string;
  const open: Connected[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-upload-'));
    proxy = await startProxyServer({
      port: 0,
      apiKey: TEST_API_KEY,
      baseUrl: service.url,
      secret: 'a-test-secret-of-enough-length',
      uploads: { dir: join(dir, 'uploads') },
      log: () => {},
    });
    uploadUrl = `${proxy.url}/api/v1/uploads`;
    photo = join(dir, 'empty bedroom.jpg');
    await writeFile(
      photo,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccbbaa' } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await Promise.all([proxy.close(), service.close()]);
    await rm(dir, { recursive: true, force: true });
  });
  const connect = async (uploadUrl?: string) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl });
    open.push(mcp);
    return mcp.client;
  };

  it('uploads the local photo and stages the uploaded copy', async () => {
    const client = await connect(uploadUrl);
    const progress: string[] = [];
    const result = await client.callTool(
      { name: 'enhance', arguments: { image_path: photo, mode: 'staging', style: 'scandinavian', room_type: 'bedroom', previews: false } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    );
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as { done: boolean; input_image_url: string; images: { url: string }[] };
    expect(output.done).toBe(true);
    expect(output.input_image_url.startsWith(`${uploadUrl}/`)).toBe(true);
    expect([...service.jobs.values()].map((job) => job.body)).toEqual([
      { image_url: output.input_image_url, mode: 'staging', style: 'scandinavian', room_type: 'bedroom' },
    ]);
    expect(progress[0]).toMatch(/^Uploading/);

    // What the service does next: fetch the uploaded copy of the photo from the proxy.
    const uploaded = await fetch(output.input_image_url);
    expect(uploaded.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await uploaded.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(output.images).toHaveLength(1);
    expect((await fetch(output.images[0]?.url ?? '')).status).toBe(200);
  });

  it('without an upload target, says to set ROOM_UPLOAD_URL or pass image_url', async () => {
    const client = await connect(undefined);
    const result = await client.callTool({ name: 'enhance', arguments: { image_path: photo } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/set ROOM_UPLOAD_URL .* Alternatively pass image_url/);
  });

  it('explains a missing file or an unsupported type', async () => {
    const client = await connect(uploadUrl);
    const missing = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'nope.jpg') } });
    expect((missing.content as { text: string }[])[0]?.text).toMatch(/No readable file at image_path/);
    const gif = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'room.gif') } });
    expect((gif.content as { text: string }[])[0]?.text).toMatch(/must be a \.jpg, \.jpeg, \.png or \.webp file/);
  });

  it('blames the photo or the moment, not ROOM_UPLOAD_URL, when the upload target refuses a type (415) or limits (429)', async () => {
    const target = 'http://uploads.test/api/v1/uploads';
    const replies = [
      new Response(JSON.stringify({ error: 'Unsupported image type' }), { status: 415 }),
      new Response(JSON.stringify({ error: 'Too many uploads' }), { status: 429, headers: { 'retry-after': '30' } }),
    ];
    const fakeTarget: typeof fetch = async (input, init) =>
      String(input) === target ? (replies.shift() ?? new Response(null, { status: 500 })) : fetch(input, init);
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl: target, fetch: fakeTarget });
    open.push(mcp);
    const texts: string[] = [];
    for (let i = 0; i < 2; i++)
      texts.push(
        ((await mcp.client.callTool({ name: 'enhance', arguments: { image_path: photo } })).content as { text: string }[])[0]?.text ?? '',
      );
    expect(texts[0]).toBe(
      'The upload target does not accept this kind of image (HTTP 415: Unsupported image type). Export the photo as JPEG, PNG or WebP and try again.',
    );
    expect(texts[1]).toBe(
      'The upload target is limiting uploads (HTTP 429: Too many uploads). Try again in 30 s, or pass image_url instead.',
    );
    expect(texts.join(' ')).not.toContain('ROOM_UPLOAD_URL');
  });
});
