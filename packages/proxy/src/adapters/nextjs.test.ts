import { guardedLog, inspect, TEST_API_KEY } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { startUpstream } from '../../test/support/harness.js';
import { createNextRouteHandlers } from './nextjs.js';

describe('Next.js route handlers', () => {
  it('exports GET/POST handlers for app/api/room/[...path]/route.ts, trusting the platform’s X-Forwarded-For', async () => {
    const upstream = await startUpstream();
    const { GET, POST, proxy } = createNextRouteHandlers({
      apiKey: TEST_API_KEY,
      baseUrl: upstream.url,
      prefix: '/api/room',
      secret: 'next-secret-0123456789abc',
      trustProxy: 1,
      fetch: upstream.fetch,
      log: guardedLog().log,
    });
    const restyle = async (cookie?: string) =>
      inspect(
        await POST(
          new Request('https://site.example/api/room/api/v1/restyle', {
            method: 'POST',
            body: JSON.stringify({ image_url: 'https://a.example/r.jpg', style: 'modern' }),
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...(cookie ? { cookie } : {}) },
          }),
        ),
      );
    const first = await restyle();
    expect(first.status).toBe(428);
    const cookie = first.headers.getSetCookie()[0] ?? '';
    expect(cookie).toContain('Secure');
    const ack = await restyle(cookie.split(';')[0]);
    expect(ack.status).toBe(200);
    const prediction = await inspect(
      await GET(
        new Request(`https://site.example/api/room/api/v1/prediction/${String(ack.json.request_id)}`, {
          headers: { cookie: cookie.split(';')[0] ?? '' },
        }),
      ),
    );
    expect(prediction.json.status).toBe('starting');
    await proxy.close();
    await upstream.close();
  });

  it('serves the widget’s script uncompressed (Next.js drops Content-Encoding and compresses on its own)', async () => {
    const upstream = await startUpstream();
    const code = 'customElements.define("room-restyler", class extends HTMLElement {});\n';
    const { GET, proxy } = createNextRouteHandlers({
      apiKey: TEST_API_KEY,
      baseUrl: upstream.url,
      prefix: '/api/room',
      secret: 'next-secret-0123456789abc',
      fetch: upstream.fetch,
      log: guardedLog().log,
      widget: async () => ({ code, version: '1.0.0' }),
    });
    const script = await GET(new Request('https://site.example/api/room/room-restyler.js', { headers: { 'accept-encoding': 'gzip, br' } }));
    expect(script.headers.get('content-encoding')).toBeNull();
    expect(await script.text()).toBe(code);
    await proxy.close();
    await upstream.close();
  });
});
