/** The service's base URL as its customers copy it: the origin, or the API reference's `…/api/v1`. */
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, startUpstream } from '../../test/support/harness.js';
import { createRoomProxy } from '../proxy.js';

let h: Harness | undefined;
afterEach(() => h?.close());

describe('baseUrl', () => {
  it.each(['/api/v1/', '/api/v1', '/', ''])(
    'the service origin + %j reaches the service’s /api/v1/me and /api/v1/restyle (…/api/v1 used to call /api/v1/api/v1/…)',
    async (suffix) => {
      const upstream = await startUpstream();
      h = await startHarness({ upstream, baseUrl: `${upstream.url}${suffix}` });
      const visitor = h.visitor();
      expect((await visitor.request('/readyz')).json).toMatchObject({ ok: true, checks: { upstream: 'ok' } });
      expect((await visitor.restyle()).status).toBe(200);
      expect(upstream.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/me', 'POST /api/v1/restyle']);
      await upstream.close();
    },
  );

  it.each([
    ['https://api.bright-shot.com/api/v1?key=x', 'must not have a query or fragment'],
    ['localhost:4010', 'must be an http(s) URL'],
  ])('%j is refused at creation, naming ROOM_API_BASE_URL', (baseUrl, problem) => {
    expect(() => createRoomProxy({ apiKey: TEST_API_KEY, baseUrl })).toThrow(`createRoomProxy: baseUrl ${problem}`);
    expect(() => createRoomProxy({ apiKey: TEST_API_KEY, baseUrl })).toThrow(/\(ROOM_API_BASE_URL\)$/);
  });

  it.each([undefined, ''])('%j (the variable not set) is refused at creation as missing, with the form to set', (baseUrl) => {
    expect(() => createRoomProxy({ apiKey: TEST_API_KEY, baseUrl })).toThrow(
      'createRoomProxy: baseUrl is required (ROOM_API_BASE_URL): the service origin or …/api/v1, e.g. https://api.bright-shot.com/api/v1',
    );
  });
});
