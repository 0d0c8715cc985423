/** A site whose key or base URL is wrong: visitors only read that previews are unavailable, so the operator's log says what to fix. */
import { ManualClock } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, listen, startHarness } from '../../test/support/harness.js';
import { createUpstream } from './upstream.js';

let h: Harness | undefined;
afterEach(() => h?.close());

const warnings = (harness: Harness) =>
  harness.logs.map((line) => JSON.parse(line) as { level: string; msg: string }).filter((entry) => entry.level === 'warn');

describe('an answer of the service only the set-up can fix', () => {
  it('a key the service refuses: the log says so and names ROOM_API_KEY, once a minute while it lasts', async () => {
    h = await startHarness({ apiKey: 'bs_live_a_key_from_another_account' });
    const visitor = h.visitor();
    expect((await visitor.restyle()).status).toBe(401);
    expect((await visitor.restyle()).status).toBe(401);
    const refused = {
      level: 'warn',
      msg: "the service refused the API key (HTTP 401: Invalid API key) — set ROOM_API_KEY to a key from the service's dashboard (API Keys)",
    };
    expect(warnings(h).filter((entry) => entry.msg.includes('refused'))).toEqual([refused]);
    h.clock.advance(60_000);
    expect((await visitor.restyle()).status).toBe(401);
    expect(warnings(h).filter((entry) => entry.msg.includes('refused'))).toEqual([refused, refused]);
  });

  it('a base URL with a path the service does not have: the log names the URL called and ROOM_API_BASE_URL', async () => {
    // The service's origin answers 404 off its paths, as any web server does.
    const service = await listen((_, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}'));
    try {
      h = await startHarness({ baseUrl: `${service.url}/api`, fetch: (url, init) => fetch(url, init) });
      expect((await h.visitor().restyle()).status).toBe(404);
      expect(warnings(h)).toContainEqual({
        level: 'warn',
        msg: `the service answered 404 at ${service.url}/api/api/v1/restyle — set ROOM_API_BASE_URL to the service origin or …/api/v1, e.g. https://api.bright-shot.com/api/v1`,
      });
    } finally {
      await h?.close();
      h = undefined;
      await service.close();
    }
  });

  it('reads an answer whose body is JSON null like any other (the check for a set-up problem does not throw on it)', async () => {
    const logged: unknown[] = [];
    const upstream = createUpstream({
      baseUrl: 'https://service.example',
      apiKey: 'bs_live_key',
      fetch: async () => new Response('null', { status: 401, headers: { 'content-type': 'application/json' } }),
      upstreamTimeoutMs: 5_000,
      clock: new ManualClock({ start: 0 }),
      log: (entry) => logged.push(entry),
    });
    expect(await upstream.getAccount()).toEqual({ status: 401, body: null });
    expect(logged).toEqual([
      {
        level: 'warn',
        msg: "the service refused the API key (HTTP 401) — set ROOM_API_KEY to a key from the service's dashboard (API Keys)",
      },
    ]);
  });
});
