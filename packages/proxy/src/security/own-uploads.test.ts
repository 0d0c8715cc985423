/**
 * Nothing a client sends decides what the proxy trusts: which `image_url` is one of its uploads,
 * and the URLs it hands out, come from configuration (or the address the server listens on), never
 * from `Host` or `X-Forwarded-Host`. Through the real Node adapter; the fake service records what it
 * was told to fetch.
 */
import { sampleRoom } from '@room-restyler/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startBareProxy, startHarness, type Visitor, visitorCookie } from '../../test/support/harness.js';
import { createMemoryUploadStore } from '../../test/support/memory-upload-store.js';
import { rawRequest } from '../../test/support/raw-http.js';
import { createSharpImageProcessor } from '../node/index.js';
import { randomId } from '../util/base64url.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function harness(): Harness {
  if (!h) throw new Error('no harness');
  return h;
}

/** A request with a `Host` of the client's choosing, which fetch cannot send, from a visitor with its cookie. */
async function withHost(host: string, path: string, contentType: string, body: string | Uint8Array) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${await visitorCookie()}\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes.byteLength}\r\nConnection: close\r\n\r\n`;
  const response = await rawRequest(harness().url, Buffer.concat([Buffer.from(head), bytes]));
  return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
}

const nodeUploads = () => ({ store: createMemoryUploadStore(), processor: createSharpImageProcessor() });
const photo = async () => new Uint8Array(await sampleRoom({ width: 64, height: 48 }));

async function upload(visitor: Visitor) {
  const answer = await visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: await photo(),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(answer.status).toBe(201);
  return String(answer.json.url);
}

/** The `image_url` of every generation the service was asked to start. */
const sentToService = () =>
  harness()
    .upstream.requests.filter((request) => request.method === 'POST')
    .map((request) => (JSON.parse(request.body) as { image_url: string }).image_url);

const restyleBody = (imageUrl: string) => JSON.stringify({ image_url: imageUrl, style: 'modern' });
const anyUploadOn = (origin: string) => `${origin}/api/v1/uploads/${randomId(24)}`;

describe('a forged Host or X-Forwarded-Host', () => {
  it.each([
    ['loopback', '127.0.0.1:6379'],
    ['cloud metadata', '169.254.169.254'],
    ['a name for loopback', 'localhost:8080'],
  ])('never makes an upload-looking URL on %s pass', async (_, host) => {
    h = await startHarness();
    const refused = await withHost(host, '/api/v1/restyle', 'application/json', restyleBody(anyUploadOn(`http://${host}`)));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'image_url' });
    expect(sentToService()).toEqual([]);
  });

  it('never makes one pass with trustProxy, nor past the image-origin allowlist', async () => {
    h = await startHarness({ trustProxy: 1, allowedImageOrigins: ['https://cdn.listing.example'] });
    const visitor = h.visitor({ 'x-forwarded-host': '169.254.169.254' });
    const refused = await visitor.restyle({}, { image_url: anyUploadOn('http://169.254.169.254'), style: 'modern' });
    expect(refused.status).toBe(400);
    expect(sentToService()).toEqual([]);
  });

  it("never appears in an upload's url: that is the address the server listens on", async () => {
    h = await startHarness({ trustProxy: 1 });
    const forwarded = await upload(h.visitor({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }));
    expect(forwarded.startsWith(`${h.url}/api/v1/uploads/`)).toBe(true);
    const hosted = await withHost('evil.example', '/api/v1/uploads', 'image/jpeg', await photo());
    expect(hosted.status).toBe(201);
    expect(String(hosted.json.url).startsWith(`${h.url}/api/v1/uploads/`)).toBe(true);
  });

  it('never changes where the service is sent for a real upload: a fresh signed URL on the configured origin, which it can read', async () => {
    h = await startHarness({ trustProxy: 1 });
    const visitor = h.visitor();
    const url = await upload(visitor);
    await h.clock.advance(30 * 60_000);
    const forged = h.visitor({ 'x-forwarded-host': 'evil.example' });
    forged.cookie = visitor.cookie;
    expect((await forged.restyle({}, { image_url: url, style: 'modern' })).status).toBe(200);

    const [given = ''] = sentToService();
    expect(given.startsWith(`${h.url}/api/v1/uploads/${new URL(url).pathname.split('/').pop()}?expires=`)).toBe(true);
    // Signed again when sent: good for the service's own hour, not what is left of the visitor's.
    expect(given).not.toBe(url);
    const read = await fetch(given);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe("an image_url on the proxy's own upload path", () => {
  it('is ours under any loopback name of the server it reached, and goes to the service on the one it was started on', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const url = new URL(await upload(visitor));
    url.hostname = 'localhost';
    expect((await visitor.restyle({}, { image_url: url.href, style: 'modern' })).status).toBe(200);
    expect(sentToService()[0]?.startsWith(`${h.url}${url.pathname}?`)).toBe(true);
  });

  it('naming no stored upload is refused, spends nothing and is not judged as a public URL instead', async () => {
    const site = 'https://www.site.example';
    h = await startHarness({ limits: { perVisitor: 1 }, uploads: { ...nodeUploads(), publicUrl: site } });
    const visitor = h.visitor();
    for (const imageUrl of [anyUploadOn(site), `${site}/api/v1/uploads/not-an-id`]) {
      const refused = await visitor.restyle({}, { image_url: imageUrl, style: 'modern' });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'upload_not_found', field: 'image_url' });
    }
    expect(sentToService()).toEqual([]);
    // The site's other pages are ordinary public URLs; the visitor's one generation is still there.
    expect((await visitor.restyle({}, { image_url: `${site}/photos/room.jpg`, style: 'modern' })).status).toBe(200);
  });

  it('with a bad or expired signature is refused to anyone but the uploader, whose cookie still reads it', async () => {
    h = await startHarness({ allowPrivateImageUrls: true });
    const uploader = h.visitor();
    const url = new URL(await upload(uploader));
    const stranger = h.visitor();
    const forged = new URL(url);
    forged.searchParams.set('signature', 'AAAAAAAAAAAAAAAAAAAAAA');
    const badSignature = await stranger.restyle({}, { image_url: forged.href, style: 'modern' });
    expect(badSignature.json).toMatchObject({ code: 'upload_signature_invalid', field: 'image_url' });

    await h.clock.advance(2 * 60 * 60_000);
    expect((await stranger.restyle({}, { image_url: url.href, style: 'modern' })).json).toMatchObject({ code: 'upload_signature_invalid' });
    expect(sentToService()).toEqual([]);
    expect((await uploader.restyle({}, { image_url: url.href, style: 'modern' })).status).toBe(200);
    expect(sentToService()).toHaveLength(1);
  });
});

describe('the fetch handler (Hono, Next.js), which knows no address of its own', () => {
  const uploadTo = async (proxy: (request: Request) => Promise<Response>) =>
    proxy(
      new Request('http://evil.example/api/v1/uploads', { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: await photo() }),
    );

  it("refuses uploads without uploads.publicUrl, naming it, and hands out URLs there once set, whatever the request's origin", async () => {
    const unset = await startBareProxy({ uploads: nodeUploads() });
    const set = await startBareProxy({ uploads: { ...nodeUploads(), publicUrl: 'https://www.site.example/' } });
    try {
      const refused = await uploadTo(unset.proxy);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'public_url_required', error: expect.stringContaining('ROOM_PROXY_PUBLIC_URL') });
      const answer = await uploadTo(set.proxy);
      expect(answer.status).toBe(201);
      expect(((await answer.json()) as { url: string }).url).toMatch(/^https:\/\/www\.site\.example\/api\/v1\/uploads\//);
    } finally {
      await unset.close();
      await set.close();
    }
  });
});
