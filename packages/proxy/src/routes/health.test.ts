/** /livez (and /healthz) for process managers, /readyz for load balancers: cheap, cached, honest. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FlakyStore } from '../../test/support/flaky-store.js';
import { type Harness, startBareProxy, startHarness } from '../../test/support/harness.js';
import { createMemoryStore } from '../state/store.js';

/** The release that answers: what package.json says. */
const version: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

let h: Harness | undefined;
afterEach(() => h?.close());

describe('liveness', () => {
  it.each(['/livez', '/healthz'])('%s answers 200 without asking the store or the service', async (path) => {
    const store = new FlakyStore(createMemoryStore());
    h = await startHarness({ store });
    store.state = 'down';
    const live = await h.visitor().request(path);
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ ok: true });
    expect(h.upstream.requests).toHaveLength(0);
    expect(store.calls).toEqual([]);
  });
});

describe('readiness', () => {
  it('asks the service at most once every 5 s and the store at most once a second, however often it is probed', async () => {
    const store = new FlakyStore(createMemoryStore());
    h = await startHarness({ store });
    const visitor = h.visitor();
    const probes = await Promise.all(Array.from({ length: 20 }, () => visitor.request('/readyz')));
    expect(probes.every((p) => p.status === 200)).toBe(true);
    expect(probes[0]?.json).toEqual({ ok: true, version, checks: { store: 'ok', upstream: 'ok' } });
    for (let i = 0; i < 20; i++) await visitor.request('/readyz', { method: i % 2 ? 'GET' : 'HEAD' });
    expect(h.upstream.count('/api/v1/me')).toBe(1);
    expect(store.calls).toHaveLength(1);

    await h.clock.advance(1_000);
    await visitor.request('/readyz');
    expect(store.calls).toHaveLength(2);
    expect(h.upstream.count('/api/v1/me')).toBe(1);
    await h.clock.advance(4_000);
    await visitor.request('/readyz');
    expect(h.upstream.count('/api/v1/me')).toBe(2);
    // The account is the site's business: nothing of it reaches the probe.
    expect(h.upstream.requests.at(-1)?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it.each([
    ['an error', { status: 500, body: { error: 'Internal server error' } }, 'unreachable'],
    ['a refused key', { status: 401, body: { error: 'Invalid API key' } }, 'refused'],
    ['no answer', { reset: true as const }, 'unreachable'],
  ])('is not ready when the service answers %s', async (_, reply, upstream) => {
    h = await startHarness();
    h.upstream.on('GET /api/v1/me', reply);
    const probe = await h.visitor().request('/readyz');
    expect(probe.status).toBe(503);
    expect(probe.json).toMatchObject({ ok: false, version, code: 'not_ready', checks: { store: 'ok', upstream } });
    expect(probe.headers.get('retry-after')).toBe('5');
    expect(probe.text).not.toContain('agent@example.com');
  });

  it('is not ready once the proxy is shutting down', async () => {
    const bare = await startBareProxy();
    try {
      await bare.proxy.close();
      const probe = await bare.proxy(new Request('http://proxy.test/readyz'));
      expect(probe.status).toBe(503);
      expect(await probe.json()).toMatchObject({ code: 'shutting_down' });
    } finally {
      await bare.upstream.close();
    }
  });
});
