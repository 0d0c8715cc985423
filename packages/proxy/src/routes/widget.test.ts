/** GET /room-restyler.js: the element's bundle from the site's own origin, cached for good only under its version. */
import { get } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startBareProxy, startHarness } from '../../test/support/harness.js';
import type { WidgetSource } from '../widget/widget-source.js';

const BUNDLE = { code: 'customElements.define("room-restyler", class extends HTMLElement {});\n', version: '1.2.3' };

let h: Harness | undefined;
afterEach(() => h?.close());

/** A source that counts how often the bundle is read. */
function countingSource(answer: Awaited<ReturnType<WidgetSource>>): WidgetSource & { reads: number } {
  const source = Object.assign(
    async () => {
      source.reads++;
      return answer;
    },
    { reads: 0 },
  );
  return source;
}

/** The answer as the wire carries it (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** Each path is a JSON 404 `not_found`. */
async function expectNotFound(visitor: ReturnType<Harness['visitor']>, paths: readonly string[]) {
  for (const path of paths) {
    const missing = await visitor.request(path);
    expect(missing.status, path).toBe(404);
    expect(missing.json, path).toMatchObject({ code: 'not_found' });
  }
}

describe('the widget bundle', () => {
  it('is served as JavaScript with its version, cached for a year only under ?v=<its version>', async () => {
    const source = countingSource(BUNDLE);
    h = await startHarness({ widget: source });
    const visitor = h.visitor();

    const bare = await visitor.raw('/room-restyler.js');
    expect(bare.status).toBe(200);
    expect(await bare.text()).toBe(BUNDLE.code);
    expect(bare.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bare.headers.get('x-widget-version')).toBe('1.2.3');
    expect(bare.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bare.headers.get('cache-control')).toBe('public, max-age=300');
    // fetch asks for br and gzip; this source has no brotli, so gzip it is.
    expect(bare.headers.get('etag')).toMatch(/^"1\.2\.3-[0-9a-f]{24}-gzip"$/);

    const pinned = await visitor.raw('/room-restyler.js?v=1.2.3');
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe(BUNDLE.code);
    // An old page asking for another version must not pin this build for a year under that name.
    const stale = await visitor.raw('/room-restyler.js?v=1.0.0');
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300');
    await stale.arrayBuffer();

    expect(source.reads).toBe(1);
  });

  it('is sent compressed as the browser accepts it (brotli, else gzip, else plain), one ETag per encoding, Vary: Accept-Encoding', async () => {
    const code = `${BUNDLE.code}// ${'padding '.repeat(2000)}\n`;
    h = await startHarness({ widget: async () => ({ code, version: '1.2.3', br: new Uint8Array(brotliCompressSync(code)) }) });
    const url = `${h.url}/room-restyler.js`;

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body).toString()).toBe(code);
    expect(br.body.byteLength).toBeLessThan(code.length / 10);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(gzip.body).toString()).toBe(code);

    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(code);

    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('loads on a page of any origin (public code: CORS and CORP open), while the API routes keep the origin allowlist', async () => {
    h = await startHarness({ widget: countingSource(BUNDLE), allowedOrigins: ['https://listing.example'] });
    const cms = h.visitor({ origin: 'https://cms.example' });
    const script = await cms.raw('/room-restyler.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('access-control-allow-credentials')).toBeNull();
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await script.text()).toBe(BUNDLE.code);

    const upload = await cms.request('/api/v1/uploads', { method: 'POST', body: 'x' });
    expect(upload.status).toBe(403);
    expect(upload.json).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('is off with widget: false, even with the element installed', async () => {
    h = await startHarness({ widget: false as const });
    expect((await h.visitor().request('/room-restyler.js')).json).toMatchObject({ code: 'widget_unavailable' });
  });

  it('answers 304 without a body to a browser that has the current copy', async () => {
    h = await startHarness({ widget: countingSource(BUNDLE) });
    const visitor = h.visitor();
    const first = await visitor.raw('/room-restyler.js');
    await first.arrayBuffer();
    const etag = first.headers.get('etag') as string;
    const again = await visitor.raw('/room-restyler.js', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const changed = await visitor.raw('/room-restyler.js', { headers: { 'if-none-match': '"0.0.1-000"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it('is a JSON 404 naming the package to install when the element is not installed', async () => {
    h = await startHarness({ widget: countingSource(undefined) });
    const missing = await h.visitor().request('/room-restyler.js');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      code: 'widget_unavailable',
      error: expect.stringContaining('npm install @room-restyler/element'),
    });
  });

  it('is a JSON 404 from a fetch handler given no widget source', async () => {
    const bare = await startBareProxy();
    try {
      const missing = await bare.proxy(new Request('http://proxy.test/room-restyler.js'));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'widget_unavailable' });
    } finally {
      await bare.close();
    }
  });

  it('serves a language whose import of the bundle is the bundle the page loads, not a 404', async () => {
    h = await startHarness({ widget: countingSource({ ...BUNDLE, translations: new Map([['de', DE]]) }) });
    const path = '/room-restyler/translations/de.js';
    const code = await (await h.visitor().raw(path)).text();
    const [, imported = ''] = /from "([^"]+)"/.exec(code) ?? [];
    const bundle = await h.visitor().raw(new URL(imported, `http://proxy.test${path}`).pathname);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toBe(BUNDLE.code);
  });

  it('refuses other methods with 405', async () => {
    h = await startHarness({ widget: countingSource(BUNDLE) });
    const posted = await h.visitor().request('/room-restyler.js', { method: 'POST', body: '' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });
});

const DE = 'import { registerLocale } from "../room-restyler.js";\nregisterLocale("de", {});\n';
const OPERATIONS = 'import { a } from "./chunk-AB12CD34.js";\nexport const Operations = a;\n';

describe.each([
  {
    what: 'the widget’s languages',
    beside: { translations: new Map([['de', DE]]) },
    path: '/room-restyler/translations/de.js',
    // Served a folder deeper than the CDN build has it: its import of the bundle is one `../` longer.
    code: DE.replace('"../room-restyler.js"', '"../../room-restyler.js"'),
    missing: [
      '/room-restyler/translations/fr.js',
      '/room-restyler/translations/constructor.js',
      '/room-restyler/translations/de.mjs',
      '/room-restyler/translations/../room-restyler.js',
      '/room-restyler/translations/..%2fpackage.js',
    ],
  },
  {
    what: 'the modules the widget loads on first use',
    beside: {
      modules: new Map([
        ['operations-XY12ZW34', OPERATIONS],
        ['chunk-AB12CD34', 'export const a = 1;\n'],
      ]),
    },
    path: '/room-restyler/operations-XY12ZW34.js',
    code: OPERATIONS,
    missing: [
      '/room-restyler/operations.js',
      '/room-restyler/constructor.js',
      '/room-restyler/room-restyler.js',
      '/room-restyler/chunk-AB12CD34.mjs',
      '/room-restyler/..%2fpackage.js',
      '/room-restyler/../package.js',
    ],
  },
])('$what', ({ beside, path, code, missing }) => {
  const withModules = () => countingSource({ ...BUNDLE, ...beside });

  it('are modules served like the bundle: compressed, cached for good under ?v=, 304 when current, readable from any origin', async () => {
    h = await startHarness({ widget: withModules(), allowedOrigins: ['https://listing.example'] });
    const cms = h.visitor({ origin: 'https://cms.example' });
    const first = await cms.raw(path);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(code);
    expect(Object.fromEntries(first.headers)).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=300',
      'x-widget-version': '1.2.3',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      etag: expect.stringMatching(/^"1\.2\.3-[0-9a-f]{24}-gzip"$/),
    });
    const pinned = await cms.raw(`${path}?v=1.2.3`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await pinned.arrayBuffer();
    const again = await cms.raw(path, { headers: { 'if-none-match': first.headers.get('etag') as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('are a JSON 404 for a name the element does not ship, or a path that leaves the folder', async () => {
    h = await startHarness({ widget: withModules() });
    await expectNotFound(h.visitor(), missing);
  });

  it('are a JSON 404 widget_unavailable without the element', async () => {
    h = await startHarness({ widget: countingSource(undefined) });
    expect((await h.visitor().request(path)).json).toMatchObject({ code: 'widget_unavailable' });
  });
});

describe('the style previews', () => {
  const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
  const withPreviews = () => countingSource({ ...BUNDLE, previews: new Map([['modern', WEBP]]) });

  it('are WebP, cached for a day with an ETag, 304 when current, readable from any origin', async () => {
    h = await startHarness({ widget: withPreviews(), allowedOrigins: ['https://listing.example'] });
    const cms = h.visitor({ origin: 'https://cms.example' });
    const preview = await cms.raw('/room-restyler/previews/modern.webp');
    expect(preview.status).toBe(200);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(WEBP);
    expect(Object.fromEntries(preview.headers)).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      etag: expect.stringMatching(/^"[0-9a-f]{24}"$/),
    });
    const again = await cms.raw('/room-restyler/previews/modern.webp', {
      headers: { 'if-none-match': preview.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('are a JSON 404 for a style without one, a name that is no style, or a path that leaves the folder', async () => {
    h = await startHarness({ widget: withPreviews() });
    await expectNotFound(h.visitor(), [
      '/room-restyler/previews/japandi.webp',
      '/room-restyler/previews/constructor.webp',
      '/room-restyler/previews/modern_webp',
      '/room-restyler/previews/modern.png',
      '/room-restyler/previews/../room-restyler.js',
      '/room-restyler/previews/%2e%2e%2fpackage.json.webp',
      '/room-restyler/previews/..%2fpackage.webp',
    ]);
  });

  it('are a JSON 404 widget_unavailable without the element', async () => {
    h = await startHarness({ widget: countingSource(undefined) });
    expect((await h.visitor().request('/room-restyler/previews/modern.webp')).json).toMatchObject({ code: 'widget_unavailable' });
  });
});
