// The real simulator and key proxy, started on port 0 for the end-to-end tests and mounted in the
// test server under /room-api (same origin, so the visitor cookie works as on a real site).
// /room-api-poll/ is the same proxy with its event stream route hidden, to exercise the polling
// fallback. When the packages are not built yet, the routes answer 503 and the tests say so.
import { Readable } from 'node:stream';

export async function realBackend() {
  let handler;
  let closers = [];
  let reason = '';
  try {
    const { startSimulator } = await import('@room-restyler/simulator');
    const { createRoomProxy } = await import('@room-restyler/proxy');
    const sim = await startSimulator({ port: 0, latencyMs: { min: 1200, max: 1800 }, seed: 7 });
    closers.push(() => sim.close());
    handler = await createRoomProxy({ apiKey: 'sim_test_key', upstreamUrl: sim.url, baseUrl: sim.url });
  } catch (error) {
    reason = `real proxy/simulator unavailable: ${error instanceof Error ? error.message : error}`;
    console.error(reason);
  }

  /** @type {import('koa').Middleware} */
  async function middleware(ctx, next) {
    const match = /^\/room-api(-poll)?(\/.*)$/.exec(ctx.path);
    if (!match) return next();
    if (!handler) {
      ctx.status = 503;
      ctx.body = { error: reason };
      return;
    }
    if (match[1] && match[2].endsWith('/events')) {
      ctx.status = 404;
      ctx.body = { error: 'events disabled for this test' };
      return;
    }
    const url = `${ctx.protocol}://${ctx.host}${match[2]}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
    const hasBody = !['GET', 'HEAD'].includes(ctx.method);
    const request = new Request(url, {
      method: ctx.method,
      headers: Object.entries(ctx.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]])),
      body: hasBody ? Readable.toWeb(ctx.req) : undefined,
      duplex: 'half',
    });
    const response = await handler(request);
    ctx.status = response.status;
    response.headers.forEach((value, key) => ctx.set(key, value));
    ctx.body = response.body ? Readable.fromWeb(response.body) : null;
  }

  return { middleware, available: () => Boolean(handler), close: () => Promise.all(closers.map((c) => c())) };
}
