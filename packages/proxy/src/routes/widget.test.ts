/** GET /room-restyler.js: the element's bundle from the site's own origin, cached for good only under its version. */
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
    expect(bare.headers.get('etag')).toMatch(/^"1\.2\.3-[0-9a-f]{24}"$/);

    const pinned = await visitor.raw('/room-restyler.js?v=1.2.3');
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe(BUNDLE.code);
    // An old page asking for another version must not pin this build for a year under that name.
    const stale = await visitor.raw('/room-restyler.js?v=1.0.0');
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300');
    await stale.arrayBuffer();

    expect(source.reads).toBe(1);
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

  it('refuses other methods with 405', async () => {
    h = await startHarness({ widget: countingSource(BUNDLE) });
    const posted = await h.visitor().request('/room-restyler.js', { method: 'POST', body: '' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });
});
