/** `/metrics` and `/admin`: off without a token, 404 without the right Bearer, and labels that never name a visitor, IP, URL or key. */
import { GENERATION_OPERATIONS } from '@room-restyler/core';
import { TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, IMAGE_URL, startBareProxy, startHarness, startUpstream, TEST_SECRET } from '../../test/support/harness.js';
import { proxyEnv } from '../cli/env.js';
import { silentLogger } from '../log.js';
import { createRoomProxy, type RoomProxy } from '../proxy.js';
import { createMemoryStore } from '../state/store.js';
import { createProxyAdmin } from './admin.js';

const TOKEN = 'admin-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

let h: Harness;
afterEach(() => h?.close());

/** Every sample of a Prometheus text exposition: its name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      return {
        name,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])),
        value: Number(value),
      };
    });
}

const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(headers: Record<string, string> = bearer): Promise<Response> {
  return fetch(`${h.url}/metrics`, { headers });
}

describe('the operator endpoints', () => {
  it('answer 404 when no admin token is configured', async () => {
    h = await startHarness();
    for (const path of ['/metrics', '/admin', '/admin/data', '/admin/uplot.js']) {
      const response = await fetch(`${h.url}${path}`, { headers: bearer });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answer 404 without the right Bearer token, and the page (which holds no data) to anyone', async () => {
    h = await startHarness({ adminToken: TOKEN });
    expect((await scrape({})).status).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await scrape({ authorization: TOKEN })).status).toBe(404);
    expect((await fetch(`${h.url}/admin/data`)).status).toBe(404);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    const page = await fetch(`${h.url}/admin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).not.toContain(TOKEN);
    expect((await fetch(`${h.url}/admin/uplot.js`)).status).toBe(200);
  });

  it('sit under the prefix, and answer 404 for any other name there', async () => {
    const bare = await startBareProxy({ prefix: '/room-api', admin: createProxyAdmin({ token: TOKEN }) });
    try {
      const ask = async (path: string) => (await bare.proxy(new Request(`http://proxy.test${path}`, { headers: bearer }))).status;
      expect(await ask('/room-api/metrics')).toBe(200);
      expect(await ask('/metrics')).toBe(404);
      for (const path of ['/room-api__proto__', '/room-apiconstructor', '/room-api/admin/', '/room-api/admin/x'])
        expect(await ask(path), path).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuse a token shorter than 16 characters at start', () => {
    expect(() => createProxyAdmin({ token: 'short' })).toThrow(/at least 16 characters/);
    expect(() => proxyEnv({ ROOM_PROXY_ADMIN_TOKEN: 'short' })).toThrow(/ROOM_PROXY_ADMIN_TOKEN must be at least 16 characters/);
    expect(proxyEnv({ ROOM_PROXY_ADMIN_TOKEN: TOKEN }).adminToken).toBe(TOKEN);
  });

  it('count generations, credits, refusals and upstream calls, with only known label values', async () => {
    h = await startHarness({ adminToken: TOKEN, limits: { perVisitor: 1 } });
    const visitor = h.visitor({ 'x-forwarded-for': '203.0.113.7' });
    const handle = String((await visitor.restyle()).json.request_id);
    expect((await visitor.restyle()).json.code).toBe('visitor_limit');
    expect((await h.visitor().restyle({}, { image_url: IMAGE_URL })).json.code).toBe('bad_request');
    h.upstream.complete('job_1');
    const viewer = visitor.events(handle);
    await h.clock.advance(3_000);
    await viewer.ended;

    let text = '';
    await waitFor(async () => {
      text = await (await scrape()).text();
      return value(text, 'room_restyler_generations_total', { outcome: 'succeeded' }) === 1;
    }, 'the job counted as succeeded');
    expect(value(text, 'room_restyler_generations_total', { operation: 'restyle', outcome: 'started' })).toBe(1);
    expect(value(text, 'room_restyler_credits_spent_total')).toBe(1);
    expect(value(text, 'room_restyler_refusals_total', { reason: 'visitor_limit' })).toBe(1);
    expect(value(text, 'room_restyler_refusals_total', { reason: 'bad_request' })).toBe(1);
    expect(value(text, 'room_restyler_upstream_requests_total', { route: 'restyle', status: '200' })).toBe(1);
    expect(value(text, 'room_restyler_upstream_request_duration_seconds_count', { route: 'restyle' })).toBe(1);
    expect(value(text, 'room_restyler_job_duration_seconds_count', { operation: 'restyle', outcome: 'succeeded' })).toBe(1);
    expect(value(text, 'room_restyler_budget_left_credits')).toBe(99);
    expect(value(text, 'room_restyler_store_up')).toBe(1);
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    const allowed: Record<string, ReadonlySet<string>> = {
      operation: new Set([...GENERATION_OPERATIONS, 'unknown']),
      outcome: new Set(['started', 'succeeded', 'failed', 'unknown', 'accepted', 'refused']),
      reason: new Set(['visitor_limit', 'bad_request', 'visitor_cookie_required', 'not_found']),
      route: new Set(['enhance', 'restyle', 'prediction', 'predictions', 'me']),
      status: new Set(['200', '201', '202', '400', '401', '402', '404', '429', '500', '502', '503', 'error']),
    };
    for (const sample of samples(text).filter((s) => s.name.startsWith('room_restyler_'))) {
      for (const [label, given] of Object.entries(sample.labels)) {
        if (label === 'le') continue;
        expect(allowed[label]?.has(given), `${sample.name} ${label}="${given}"`).toBe(true);
      }
    }
    expect(text).not.toContain('203.0.113.7');
    expect(text).not.toContain(visitor.cookie?.split('=')[1]?.split('.')[0] ?? 'no cookie');
    expect(text).not.toContain(h.upstream.url);

    const data = await (await fetch(`${h.url}/admin/data`, { headers: bearer })).json();
    expect(data).toMatchObject({ budget: { daily: 100, left: 99, spent: 1 }, store: 'ok', refusals: { visitor_limit: 1, bad_request: 1 } });
    expect(data.slowest).toMatchObject([{ operation: 'restyle', outcome: 'succeeded' }]);
    expect(data.hours).toHaveLength(24);
    expect(data.hours.at(-1)).toMatchObject({ started: 1, succeeded: 1, refused: 4, credits: 1 });
    expect(data.instances).toMatchObject([{ id: data.instance, jobs: expect.any(Number), streams: 0 }]);
  });

  it('list the instances that share the store, each once, as they are scraped', async () => {
    const store = createMemoryStore();
    const upstream = await startUpstream();
    const proxies = [0, 1].map(() =>
      createRoomProxy({
        apiKey: TEST_API_KEY,
        baseUrl: upstream.url,
        secret: TEST_SECRET,
        fetch: upstream.fetch,
        log: silentLogger,
        uploads: false,
        store,
        admin: createProxyAdmin({ token: TOKEN }),
      }),
    );
    try {
      const ask = async (proxy: RoomProxy, path: string) =>
        (await proxy(new Request(`http://proxy.test${path}`, { headers: bearer }))).text();
      const [first, second] = proxies as [RoomProxy, RoomProxy];
      await ask(first, '/metrics');
      await ask(second, '/metrics');
      const seen = JSON.parse(await ask(second, '/admin/data')) as { instance: string; instances: { id: string }[] };
      const other = JSON.parse(await ask(first, '/admin/data')) as { instance: string };
      expect(seen.instances.map((one) => one.id).sort()).toEqual([seen.instance, other.instance].sort());
    } finally {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await upstream.close();
    }
  });
});
