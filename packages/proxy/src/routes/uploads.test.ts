/** Uploads: magic bytes, size and pixel caps, re-encoding that strips metadata, TTL, limits. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, type Visitor } from '../../test/support/harness.js';
import { createMemoryUploadStore } from '../../test/support/memory-upload-store.js';
import { createSharpImageProcessor } from '../node/sharp-image-processor.js';

let h: Harness;
afterEach(() => h?.close());

let photo: Buffer;
let png: Buffer;
beforeAll(async () => {
  // A wide photo taken with the phone turned (EXIF orientation 6) and a GPS position.
  photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#8a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#00f8' } })
    .png()
    .toBuffer();
});

const upload = (visitor: Visitor, body: Buffer | string, type = 'image/jpeg') =>
  visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': type },
  });

/** A PNG whose header claims 50 000 × 50 000 pixels (2.5 gigapixels) with a valid CRC. */
function pngBomb(source: Buffer): Buffer {
  const bomb = Buffer.from(source);
  bomb.writeUInt32BE(50_000, 16);
  bomb.writeUInt32BE(50_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

describe('POST /api/v1/uploads', () => {
  it('re-encodes a photo: orientation applied, long edge 2048, EXIF and GPS gone, served with nosniff', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const response = await upload(visitor, photo, 'application/octet-stream');
    expect(response.status).toBe(201);
    const url = String(response.json.url);
    expect(url).toMatch(new RegExp(`^${h.url}/api/v1/uploads/[A-Za-z0-9_-]{32}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));

    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 683, height: 2048 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('answers when its URL stops working (expires_at) and when the upload is deleted (upload_expires_at)', async () => {
    h = await startHarness();
    // Mid-second: the URL carries whole seconds.
    await h.clock.advance(500);
    const uploader = h.visitor();
    const response = await upload(uploader, png, 'image/png');
    const url = String(response.json.url);
    const own = url.replace(/\?.*$/, '').slice(h.url.length);
    const urlExpiresAt = Date.parse(String(response.json.expires_at));
    const uploadExpiresAt = Date.parse(String(response.json.upload_expires_at));
    expect(urlExpiresAt - h.clock.now()).toBe(60 * 60 * 1000 - 500);
    expect(uploadExpiresAt - h.clock.now()).toBe(24 * 60 * 60 * 1000);

    await h.clock.advance(urlExpiresAt - h.clock.now() - 1);
    expect((await fetch(url)).status).toBe(200);
    await h.clock.advance(1);
    expect((await fetch(url)).status).toBe(404);
    expect((await uploader.request(own)).status).toBe(200);

    await h.clock.advance(uploadExpiresAt - h.clock.now());
    expect((await uploader.request(own)).status).toBe(404);
  });

  it('accepts multipart/form-data with the field "file"', async () => {
    h = await startHarness();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'room.png');
    const response = await h.visitor().request('/api/v1/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ content_type: 'image/jpeg', width: 64, height: 48 });
  });

  it('refuses what is not an image by its bytes, whatever the declared type (415)', async () => {
    h = await startHarness();
    const response = await upload(h.visitor(), '<html><script>alert(1)</script></html>', 'image/jpeg');
    expect(response.status).toBe(415);
    expect(response.json.code).toBe('unsupported_image_type');
  });

  it('refuses a polyglot that only starts like a JPEG, and strips what trails a real image', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const refused = await upload(visitor, fake);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('invalid_image');

    const trailing = Buffer.concat([png, Buffer.from('PK\u0003\u0004<script>alert(1)</script>')]);
    const accepted = await upload(visitor, trailing, 'image/png');
    expect(accepted.status).toBe(201);
    const served = Buffer.from(await (await fetch(String(accepted.json.url))).arrayBuffer());
    expect(served.includes('<script>')).toBe(false);
  });

  it('refuses a truncated image', async () => {
    h = await startHarness();
    const response = await upload(h.visitor(), photo.subarray(0, Math.floor(photo.length / 2)));
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('invalid_image');
  });

  it('refuses a decompression bomb from its header, before decoding (413)', async () => {
    h = await startHarness();
    const response = await upload(h.visitor(), pngBomb(png), 'image/png');
    expect(response.status).toBe(413);
    expect(response.json.code).toBe('too_many_pixels');
  });

  it('refuses an upload over the size cap with 413', async () => {
    h = await startHarness({ uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor(), maxBytes: 1_000 } });
    const response = await upload(h.visitor(), photo);
    expect(photo.byteLength).toBeGreaterThan(1_000 + 16 * 1024);
    expect(response.status).toBe(413);
  });

  it('counts uploads against the visitor (no free image hosting)', async () => {
    h = await startHarness({ limits: { uploadsPerVisitor: 2, uploadsPerIp: 100 } });
    const visitor = h.visitor();
    expect((await upload(visitor, png, 'image/png')).status).toBe(201);
    expect((await upload(visitor, png, 'image/png')).status).toBe(201);
    const third = await upload(visitor, png, 'image/png');
    expect(third.status).toBe(429);
    expect(third.json.code).toBe('visitor_limit');
  });

  it('deletes uploads after their TTL', async () => {
    h = await startHarness();
    const response = await upload(h.visitor(), png, 'image/png');
    const url = String(response.json.url);
    expect((await fetch(url)).status).toBe(200);
    await h.clock.advance(24 * 60 * 60 * 1000);
    const gone = await fetch(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'not_found' });
  });
});
