// The real simulator and key proxy, started on port 0 for the end-to-end tests and mounted in the
// test server under /room-api (same origin, so the visitor cookie works as on a real site).
// /room-api-poll/ is the same proxy with its event stream route hidden, to exercise the polling
// fallback. When the packages are not built yet, the routes answer 503 and the tests say so.
import { Readable } from 'node:stream';

export async function realBackend() {
  const handlers = {};
  /** Requests seen per mount and kind, so tests can tell push from polling: GET <mount>/__stats */
  const counts = {};
  const closers = [];
  let reason = '';
  try {
    const { startSimulator } = await import('@room-restyler/simulator');
    const { createRoomProxy, createNodeUploads, silentLogger } = await import('@room-restyler/proxy/node').then(async (node) => ({
      ...(await import('@room-restyler/proxy')),
      ...node,
    }));
    const sim = await startSimulator({ port: 0, latencyMs: { min: 1200, max: 1800 }, seed: 7 });
    closers.push(() => sim.close());
    const limits = { perVisitor: 1000, perIp: 1000, dailyCredits: 1000, uploadsPerVisitor: 1000, uploadsPerIp: 1000 };
    for (const prefix of ['/room-api', '/room-api-poll']) {
      handlers[prefix] = createRoomProxy({
        apiKey: 'sim_test_key',
        baseUrl: sim.url,
        prefix,
        limits,
        uploads: createNodeUploads(),
        log: silentLogger,
      });
    }
  } catch (error) {
    reason = `real proxy/simulator unavailable: ${error instanceof Error ? error.message : error}`;
    console.error(reason);
  }

  /** @type {import('koa').Middleware} */
  async function middleware(ctx, next) {
    const match = /^(\/room-api(-poll)?)(\/.*)$/.exec(ctx.path);
    if (!match) return next();
    if (match[3] === '/__stats') {
      ctx.body = counts[match[1]] ?? {};
      return;
    }
    const kind = /\/prediction\/[^/]+\/events$/.test(match[3])
      ? 'events'
      : /\/prediction\/[^/]+$/.test(match[3])
        ? 'polls'
        : /\/uploads$/.test(match[3])
          ? 'uploads'
          : 'other';
    counts[match[1]] ??= {};
    counts[match[1]][kind] = (counts[match[1]][kind] ?? 0) + 1;
    const handler = handlers[match[1]];
    if (!handler) {
      ctx.status = 503;
      ctx.body = { error: reason };
      return;
    }
    if (match[2] && match[3].endsWith('/events')) {
      ctx.status = 404;
      ctx.body = { error: 'events disabled for this test' };
      return;
    }
    const url = `${ctx.protocol}://${ctx.host}${ctx.url}`;
    const hasBody = !['GET', 'HEAD'].includes(ctx.method);
    const request = new Request(url, {
      method: ctx.method,
      headers: Object.entries(ctx.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]])),
      body: hasBody ? Readable.toWeb(ctx.req) : undefined,
      duplex: 'half',
    });
    const response = await handler(request);
    ctx.status = response.status;
    response.headers.forEach((value, key) => {
      ctx.set(key, value);
    });
    ctx.body = response.body ? Readable.fromWeb(response.body) : null;
  }

  return { middleware, close: () => Promise.all(closers.map((c) => c())) };
}
