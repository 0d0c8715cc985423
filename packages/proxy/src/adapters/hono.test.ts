import { inspect } from '@room-restyler/test-kit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { startBareProxy, visitorCookie } from '../../test/support/harness.js';
import { honoProxy } from './hono.js';

describe('Hono adapter', () => {
  it('serves the proxy under a Hono route, with the client IP from the runtime', async () => {
    const bare = await startBareProxy({ prefix: '/room-api', limits: { perIp: 1 } });
    const app = new Hono();
    app.all('/room-api/*', honoProxy(bare.proxy, { clientIp: (c) => c.req.header('x-test-ip') }));
    const post = async (ip: string) =>
      inspect(
        await app.request('/room-api/api/v1/restyle', {
          method: 'POST',
          body: JSON.stringify({ image_url: 'https://a.example/r.jpg', style: 'modern' }),
          headers: { 'content-type': 'application/json', 'x-test-ip': ip, cookie: await visitorCookie() },
        }),
      );
    expect((await post('10.0.0.1')).status).toBe(200);
    expect((await post('10.0.0.1')).json.code).toBe('ip_limit');
    expect((await post('10.0.0.2')).status).toBe(200);
    expect((await inspect(await app.request('/room-api/api/v1/me'))).status).toBe(404);
    await bare.close();
  });
});
