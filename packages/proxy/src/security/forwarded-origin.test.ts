/** Behind an HTTPS-terminating reverse proxy: what the browser saw decides, only when trustProxy says so. */
import { sampleRoom } from '@room-restyler/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const SITE = 'https://www.site.example';

async function throughReverseProxy(headers: Record<string, string>) {
  if (!h) throw new Error('no harness');
  const visitor = h.visitor({ origin: SITE, ...headers });
  const upload = await visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: new Uint8Array(await sampleRoom({ width: 64, height: 48 })),
    headers: { 'content-type': 'image/jpeg' },
  });
  const cookie = upload.headers.getSetCookie().find((c) => c.startsWith('rr_visitor=')) ?? '';
  return { upload, cookie };
}

describe('a reverse proxy in front (trustProxy)', () => {
  it.each([
    ['X-Forwarded-Proto and X-Forwarded-Host', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example' }],
    ['Forwarded', { forwarded: 'for=198.51.100.7;proto=https;host="www.site.example"' }],
    // A client's own value first, the trusted proxy's appended last: the proxy's counts.
    ['appended lists', { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, www.site.example' }],
  ])(
    "takes the site's origin from %s: its own page passes, the cookie is Secure; upload URLs stay the configured origin's",
    async (_, headers) => {
      h = await startHarness({ trustProxy: 1 });
      const { upload, cookie } = await throughReverseProxy(headers);
      expect(upload.status).toBe(201);
      expect(cookie).toMatch(/; Secure/);
      // No ROOM_PROXY_PUBLIC_URL here: the address the server listens on, never a header's.
      expect(String(upload.json.url).startsWith(`${h.url}/api/v1/uploads/`)).toBe(true);
    },
  );

  it('ignores the same headers without trustProxy: any client can send them', async () => {
    h = await startHarness();
    const { upload } = await throughReverseProxy({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example' });
    expect(upload.status).toBe(403);
    expect(upload.json.code).toBe('origin_not_allowed');
    const plain = await h.visitor({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example' }).request('/api/v1/uploads', {
      method: 'POST',
      body: new Uint8Array(await sampleRoom({ width: 64, height: 48 })),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(String(plain.json.url).startsWith(`${h.url}/`)).toBe(true);
    expect(plain.headers.getSetCookie().join()).not.toMatch(/Secure/);
  });

  it('ignores a forwarded host that is no host name', async () => {
    h = await startHarness({ trustProxy: 1 });
    const { upload } = await throughReverseProxy({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example/evil?x=' });
    expect(upload.status).toBe(403);
  });
});
