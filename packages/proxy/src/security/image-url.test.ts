/** SSRF: the service fetches `image_url`, so the proxy forwards only public hosts (and its own uploads). */
import { sampleRoom } from '@room-restyler/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('image_url (SSRF)', () => {
  it.each([
    'http://127.0.0.1/x.jpg',
    'http://localhost:6379/',
    'http://169.254.169.254/latest/meta-data/iam/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::1]/x.jpg',
    'http://[::ffff:127.0.0.1]/x.jpg',
    'http://10.1.2.3/x.jpg',
    'http://192.168.0.1/x.jpg',
    'http://100.64.1.1/x.jpg',
    'http://0.0.0.0/x.jpg',
    'http://2130706433/x.jpg',
    'http://0x7f.1/x.jpg',
    'http://0177.0.0.1/x.jpg',
    'http://metadata.google.internal/',
    'https://user:pass@photos.example.com/room.jpg',
  ])('refuses %s with a 400 naming image_url, before any upstream call', async (imageUrl) => {
    h = await startHarness();
    const refused = await h.visitor().restyle({}, { image_url: imageUrl, style: 'modern' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'bad_request', field: 'image_url' });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it("forwards the proxy's own upload URLs, though they are on loopback", async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const photo = await sampleRoom({ width: 64, height: 48 });
    const upload = await visitor.request('/api/v1/uploads', {
      method: 'POST',
      body: new Uint8Array(photo),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(upload.status).toBe(201);
    const started = await visitor.restyle({}, { image_url: upload.json.url, style: 'modern' });
    expect(started.status).toBe(200);
    // Another path on the proxy's origin is no upload.
    const other = await visitor.restyle({}, { image_url: `${h.url}/livez`, style: 'modern' });
    expect(other.status).toBe(400);
  });

  it('forwards loopback and private hosts only with allowPrivateImageUrls (local development)', async () => {
    h = await startHarness({ allowPrivateImageUrls: true });
    expect((await h.visitor().restyle({}, { image_url: 'http://127.0.0.1:9/x.jpg', style: 'modern' })).status).toBe(200);
    // Credentials stay refused.
    expect((await h.visitor().restyle({}, { image_url: 'http://u:p@127.0.0.1:9/x.jpg', style: 'modern' })).status).toBe(400);
  });

  it('with allowedImageOrigins, forwards those origins and its own uploads only', async () => {
    h = await startHarness({ allowedImageOrigins: ['https://cdn.listing.example'] });
    expect((await h.visitor().restyle({}, { image_url: 'https://cdn.listing.example/a.jpg', style: 'modern' })).status).toBe(200);
    expect((await h.visitor().restyle({}, { image_url: 'https://photos.example.com/room.jpg', style: 'modern' })).status).toBe(400);
  });
});
