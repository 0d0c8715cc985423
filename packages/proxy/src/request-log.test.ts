/** A flood of refused requests writes a few summary lines, not one line each; served requests keep theirs. */
import { guardedLog, ManualClock, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { startUpstream, TEST_SECRET, visitorCookie } from '../test/support/harness.js';
import { createRoomProxy, type RoomProxy } from './proxy.js';

const SITE = 'https://shop.example';
const CLIENT = { clientIp: '203.0.113.9' };
const cookie = await visitorCookie();
const restyle = (headers: Record<string, string>, key?: string): RequestInit & { path: string } => ({
  path: '/api/v1/restyle',
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  body: JSON.stringify({ image_url: 'https://photos.example.com/room.jpg', style: 'modern' }),
});

/** Five kinds of refusal the proxy decides itself, and the reason each is counted under. */
const REFUSALS: Array<[string, RequestInit & { path: string }]> = [
  ['not_found', { path: '/api/v1/nope' }],
  ['method_not_allowed', { path: '/api/v1/restyle', method: 'DELETE' }],
  ['origin_not_allowed', { path: '/api/v1/restyle', method: 'POST', headers: { origin: 'https://evil.example' } }],
  [
    'bad_request',
    {
      path: '/api/v1/restyle',
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ image_url: 'http://169.254.169.254/latest/meta-data', style: 'modern' }),
    },
  ],
  // A client that never keeps the cookie is refused (428) as often as it asks.
  ['visitor_cookie_required', restyle({})],
];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start() {
  const upstream = await startUpstream();
  const clock = new ManualClock();
  const { log, lines } = guardedLog();
  const proxy = createRoomProxy({
    apiKey: TEST_API_KEY,
    baseUrl: upstream.url,
    secret: TEST_SECRET,
    fetch: upstream.fetch,
    allowedOrigins: [SITE],
    uploads: false,
    clock,
    log,
  });
  close = async () => {
    await proxy.close();
    await upstream.close();
  };
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { proxy, upstream, clock, entries };
}

function send(proxy: RoomProxy, { path, ...init }: RequestInit & { path: string }): Promise<Response> {
  return proxy(new Request(`http://127.0.0.1:8787${path}`, init), CLIENT);
}

describe('the request log under a flood of refusals', () => {
  it('says how to allow the origin of a page it refuses (a CORS failure tells the browser nothing)', async () => {
    const { proxy, entries } = await start();
    const [, fromElsewhere] = REFUSALS[2] as (typeof REFUSALS)[number];
    expect((await send(proxy, fromElsewhere)).status).toBe(403);
    expect(entries()).toEqual([
      expect.objectContaining({
        reason: 'origin_not_allowed',
        error: 'This origin is not allowed to use the proxy: name it in allowedOrigins (ROOM_PROXY_ALLOWED_ORIGINS)',
      }),
    ]);
  });

  it('logs 10,000 refused requests in O(reasons) lines: the first of each reason in full, then one summary per period', async () => {
    const { proxy, clock, entries } = await start();
    for (let i = 0; i < 10_000; i++) {
      const [, request] = REFUSALS[i % REFUSALS.length] as (typeof REFUSALS)[number];
      expect((await send(proxy, request)).status).toBeGreaterThanOrEqual(400);
    }
    expect((await send(proxy, { path: '/livez' })).status).toBe(200);

    expect(entries()).toEqual([
      ...REFUSALS.map(([reason]) => expect.objectContaining({ msg: 'refused', reason, error: expect.any(String) })),
      expect.objectContaining({ msg: 'request', route: 'live', status: 200 }),
    ]);
    expect(entries()[3]).toMatchObject({ status: 400, error: expect.stringContaining('image_url') });

    // A minute later (on the proxy's clock) the next answer first logs the counts of the period.
    const periodStart = clock.now();
    await clock.advance(60_000);
    await send(proxy, { path: '/api/v1/nope' });
    expect(entries().slice(6)).toEqual([
      {
        level: 'info',
        msg: 'refusals',
        counts: {
          not_found: 2_000,
          method_not_allowed: 2_000,
          origin_not_allowed: 2_000,
          bad_request: 2_000,
          visitor_cookie_required: 2_000,
        },
        since: new Date(periodStart).toISOString(),
        until: new Date(periodStart + 60_000).toISOString(),
      },
      // A new period: its first refusal is logged in full again.
      expect.objectContaining({ msg: 'refused', reason: 'not_found' }),
    ]);

    // Shutdown logs what is still counted.
    await close?.();
    close = undefined;
    expect(entries().slice(8)).toEqual([expect.objectContaining({ msg: 'refusals', counts: { not_found: 1 } })]);
    expect(entries()).toHaveLength(9);
  });

  it('keeps a line for every answer about the service: its refusals are not the proxy’s own', async () => {
    const { proxy, upstream, entries } = await start();
    upstream.once('POST /api/v1/restyle', { status: 402, body: { error: 'Insufficient credits', credits_remaining: 0 } });
    expect((await send(proxy, restyle({ cookie }, 'first'))).status).toBe(402);
    expect((await send(proxy, restyle({ cookie }, 'second'))).status).toBe(200);
    expect(entries()).toEqual([
      expect.objectContaining({ msg: 'request', route: 'restyle', status: 402 }),
      expect.objectContaining({ msg: 'generation started' }),
      expect.objectContaining({ msg: 'request', route: 'restyle', status: 200 }),
    ]);
  });
});
