import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ProxyServer, type ProxyServerOptions, startProxyServer } from '@room-restyler/proxy/node';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import type { RoomMcpServerOptions } from '../options.js';

const UPLOAD_TOKEN = 'mcp-upload-token-0123456789';
const text = (result: Record<string, unknown>) => (result.content as { text: string }[] | undefined)?.[0]?.text ?? '';

/** `image_path` through the real key proxy's upload route, with the fake service behind both. */
describe('image_path', () => {
  let service: FakeService;
  let proxy: ProxyServer;
  let uploadUrl: string;
  /** Allows one visitor upload an hour, and trusts the holder of UPLOAD_TOKEN. */
  let strictProxy: ProxyServer;
  let strictUploadUrl: string;
  let dir: string;
  let photo: string;
  const open: Connected[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-upload-'));
    const startProxy = (uploads: string, options: Partial<ProxyServerOptions> = {}) =>
      startProxyServer({
        port: 0,
        apiKey: TEST_API_KEY,
        baseUrl: service.url,
        secret: 'a-test-secret-of-enough-length',
        uploads: { dir: join(dir, uploads) },
        log: () => {},
        ...options,
      });
    proxy = await startProxy('uploads');
    uploadUrl = `${proxy.url}/api/v1/uploads`;
    strictProxy = await startProxy('strict-uploads', { uploadToken: UPLOAD_TOKEN, limits: { uploadsPerVisitor: 1, uploadsPerIp: 1 } });
    strictUploadUrl = `${strictProxy.url}/api/v1/uploads`;
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
    await Promise.all([proxy.close(), strictProxy.close(), service.close()]);
    await rm(dir, { recursive: true, force: true });
  });
  const connect = async (uploadUrl?: string, options: RoomMcpServerOptions = {}) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl, ...options });
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
    // The caller's argument is what is wrong, not the upload: a client can tell from the code.
    for (const refused of [missing, gif])
      expect((refused.structuredContent as { error?: unknown }).error).toMatchObject({ code: 'invalid_input', retryable: false });
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
    const errors: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const result = await mcp.client.callTool({ name: 'enhance', arguments: { image_path: photo } });
      texts.push(text(result));
      errors.push((result.structuredContent as { error?: unknown } | undefined)?.error);
    }
    // What a client can act on without reading the text: the type never works, the limit does later.
    expect(errors).toEqual([
      expect.objectContaining({ code: 'upload_failed', retryable: false }),
      expect.objectContaining({ code: 'upload_failed', retryable: true, retry_after_s: 30 }),
    ]);
    expect(texts[0]).toBe(
      'The upload route could not take this photo (HTTP 415): Unsupported image type. Send a JPEG, PNG or WebP photo of at most 15 MB (export a smaller JPEG if needed), or pass image_url instead.',
    );
    expect(texts[1]).toBe(
      "The upload route's limit is reached (HTTP 429): Too many uploads. Try again in 30 s. This server uploads like an anonymous website visitor; to lift that limit, set ROOM_UPLOAD_TOKEN in this MCP server's config to the same value as the proxy's ROOM_UPLOAD_TOKEN (at least 16 characters), then restart the client.",
    );
    expect(texts.join(' ')).not.toContain('ROOM_UPLOAD_URL');
  });

  it('takes a file:// URL as image_path', async () => {
    const client = await connect(uploadUrl);
    const result = await client.callTool({ name: 'enhance', arguments: { image_path: pathToFileURL(photo).href, wait_seconds: 0 } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { input_image_url: string }).input_image_url.startsWith(`${uploadUrl}/`)).toBe(true);
  });

  it('converts a HEIF photo it can decode to JPEG, and names a command for one it cannot', async () => {
    const client = await connect(uploadUrl);
    const heif = join(dir, 'iphone.heif');
    await writeFile(
      heif,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccbbaa' } })
        .heif({ compression: 'av1' })
        .toBuffer(),
    );
    const converted = await client.callTool({ name: 'enhance', arguments: { image_path: heif, wait_seconds: 0 } });
    expect(converted.isError).toBeFalsy();
    const uploaded = await fetch((converted.structuredContent as { input_image_url: string }).input_image_url);
    expect(await sharp(Buffer.from(await uploaded.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });

    // An HEVC-coded HEIC (what iPhones save), which the prebuilt sharp cannot decode.
    const heic = join(dir, 'IMG_0001.HEIC');
    await writeFile(heic, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]));
    const before = service.count('/api/v1/enhance');
    const refused = await client.callTool({ name: 'enhance', arguments: { image_path: heic } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/is a HEIC photo/);
    expect(text(refused)).toMatch(/macOS: `sips -s format jpeg .*Windows: .*Linux: `heif-convert /);
    expect(service.count('/api/v1/enhance')).toBe(before);
  });

  it('sends ROOM_UPLOAD_TOKEN, so the proxy lets it upload beyond the visitor limit', async () => {
    const client = await connect(strictUploadUrl, { uploadToken: UPLOAD_TOKEN });
    for (let i = 0; i < 3; i++) {
      const result = await client.callTool({ name: 'enhance', arguments: { image_path: photo, wait_seconds: 0 } });
      expect(text(result)).not.toMatch(/limit/);
      expect(result.isError).toBeFalsy();
    }
  });

  it("blames the proxy's limit, with when to retry, and says how the token lifts it", async () => {
    const client = await connect(strictUploadUrl);
    expect((await client.callTool({ name: 'enhance', arguments: { image_path: photo, wait_seconds: 0 } })).isError).toBeFalsy();
    const limited = await client.callTool({ name: 'enhance', arguments: { image_path: photo } });
    expect(limited.isError).toBe(true);
    expect(text(limited)).toMatch(/^The upload route's limit is reached \(HTTP 429 (visitor|ip)_limit\).* Try again in 60 min\./);
    expect(text(limited)).toMatch(/set ROOM_UPLOAD_TOKEN/);
    expect(text(limited)).not.toMatch(/Check ROOM_UPLOAD_URL/);
  });

  it('blames the token when the proxy refuses it, without showing it', async () => {
    const wrong = 'not-the-proxy-token-0123456789';
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl: strictUploadUrl, uploadToken: wrong });
    open.push(mcp);
    const result = await mcp.client.callTool({ name: 'enhance', arguments: { image_path: photo } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/refused this server's upload token \(HTTP 401 upload_token_invalid\): set ROOM_UPLOAD_TOKEN/);
    expect(`${text(result)}\n${mcp.logs.join('\n')}`).not.toContain(wrong);
  });

  it('blames the file type when the upload route refuses it (415), not the configuration', async () => {
    const refusing: typeof fetch = async () =>
      Response.json({ error: 'Send a JPEG, PNG or WebP image', code: 'unsupported_image_type' }, { status: 415 });
    const client = await connect(uploadUrl, { fetch: refusing });
    const result = await client.callTool({ name: 'enhance', arguments: { image_path: photo } });
    expect(text(result)).toMatch(
      /could not take this photo \(HTTP 415 unsupported_image_type\): Send a JPEG, PNG or WebP image\. Send a JPEG/,
    );
    expect(text(result)).not.toMatch(/ROOM_UPLOAD_URL/);
  });

  it('refuses a file that is no image by its content before uploading anything', async () => {
    const client = await connect(uploadUrl);
    const fake = join(dir, 'notes.jpg');
    await writeFile(fake, 'just some text');
    const result = await client.callTool({ name: 'enhance', arguments: { image_path: fake } });
    expect(text(result)).toMatch(/is not a JPEG, PNG or WebP image by its content/);
  });
});
