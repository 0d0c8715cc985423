/** Masks are uploads like photos (`?kind=mask`): a PNG by its bytes, size- and pixel-bounded, kept as its image chunks only. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, type Visitor } from '../../test/support/harness.js';
import { createMemoryUploadStore } from '../../test/support/memory-upload-store.js';
import { createSharpImageProcessor } from '../node/sharp-image-processor.js';

let h: Harness;
afterEach(() => h?.close());

let mask: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  mask = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
});

const upload = (visitor: Visitor, body: Buffer, type: string, query = '?kind=mask') =>
  visitor.request(`/api/v1/uploads${query}`, { method: 'POST', body: new Uint8Array(body), headers: { 'content-type': type } });

/** `png` with a chunk of `type` and `data` right after IHDR, its CRC valid. */
function withChunk(png: Buffer, type: string, data: string): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typed.byteLength - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([png.subarray(0, afterHeader), length, typed, crc, png.subarray(afterHeader)]);
}

describe('POST /api/v1/uploads?kind=mask', () => {
  it('stores a PNG as a PNG at its own size, whatever the Content-Type said', async () => {
    h = await startHarness();
    const stored = await upload(h.visitor(), mask, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect(stored.json).toMatchObject({ content_type: 'image/png', width: 64, height: 48 });
    const served = await fetch(String(stored.json.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('refuses what is not a PNG by its bytes, even labelled image/png (415)', async () => {
    h = await startHarness();
    const refused = await upload(h.visitor(), jpeg, 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.json).toMatchObject({ code: 'unsupported_image_type', error: 'A mask must be a PNG image' });
  });

  it('bounds a mask by its own size (413 with max_bytes) and pixel count (413 too_many_pixels)', async () => {
    h = await startHarness({
      uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor(), maxMaskBytes: 100, maxPixels: 1000 },
    });
    const big = await upload(h.visitor(), withChunk(mask, 'tEXt', `Comment\0${'x'.repeat(200)}`), 'image/png');
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ code: 'payload_too_large', max_bytes: 100 });
    await h.close();

    h = await startHarness({ uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor(), maxPixels: 1000 } });
    const many = await upload(h.visitor(), mask, 'image/png');
    expect(many.status).toBe(413);
    expect(many.json).toMatchObject({ code: 'too_many_pixels', max_pixels: 1000 });
  });

  it('keeps only the chunks that draw it: no text chunk, nothing after its end', async () => {
    h = await startHarness();
    const dressed = Buffer.concat([withChunk(mask, 'tEXt', 'Comment\0<script>alert(1)</script>'), Buffer.from('<html>trailing</html>')]);
    const stored = await upload(h.visitor(), dressed, 'image/png');
    expect(stored.status).toBe(201);
    const bytes = Buffer.from(await (await fetch(String(stored.json.url))).arrayBuffer());
    expect(bytes.toString('latin1')).not.toMatch(/script|trailing|tEXt/);
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer();
    expect((await pixels(bytes)).equals(await pixels(mask))).toBe(true);
  });

  it('refuses a truncated PNG (400 invalid_image) and an unknown kind (400 naming it)', async () => {
    h = await startHarness();
    const truncated = await upload(h.visitor(), mask.subarray(0, 40), 'image/png');
    expect(truncated.status).toBe(400);
    expect(truncated.json.code).toBe('invalid_image');
    const kind = await upload(h.visitor(), mask, 'image/png', '?kind=sketch');
    expect(kind.status).toBe(400);
    expect(kind.json).toMatchObject({ code: 'bad_request', field: 'kind' });
  });
});

describe('mask_url', () => {
  it('names a mask upload of this proxy: a photo upload, another visitor’s mask or a private host is refused, nothing sent', async () => {
    h = await startHarness({ operations: ['inpaint'] });
    const owner = h.visitor();
    const photo = await upload(owner, jpeg, 'image/jpeg', '');
    expect(photo.status).toBe(201);
    const inpaint = (visitor: Visitor, mask_url: string) =>
      visitor.post('/api/v1/inpaint', { image_url: 'https://photos.example.com/room.jpg', mask_url, prompt: 'A lamp' });

    const notMask = await inpaint(owner, String(photo.json.url));
    expect(notMask.status).toBe(400);
    expect(notMask.json).toMatchObject({ code: 'bad_request', field: 'mask_url' });

    const stored = await upload(owner, mask, 'image/png');
    const unsigned = String(stored.json.url).replace(/\?.*$/, '');
    const stranger = await inpaint(h.visitor(), unsigned);
    expect(stranger.status).toBe(400);
    expect(stranger.json).toMatchObject({ code: 'upload_signature_invalid', field: 'mask_url' });

    const internal = await inpaint(owner, 'http://10.0.0.7/mask.png');
    expect(internal.status).toBe(400);
    expect(internal.json).toMatchObject({ code: 'bad_request', field: 'mask_url' });
    expect(h.upstream.requests).toHaveLength(0);
  });
});
