/** Credit protection under concurrency: per visitor, per IP (spoof-proof by default) and the daily budget. */

import { ManualClock } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, visitorCookie } from '../../test/support/harness.js';
import { ProxyHttpError } from '../http/responses.js';
import type { ProxyStore } from '../state/store.js';
import { createMemoryStore } from '../state/store.js';
import { consumeLimits, precheckLimits } from './limits.js';

let h: Harness;
afterEach(() => h?.close());

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status);

describe('generation limits', () => {
  it('starts at most 5 jobs for 10 parallel requests of one visitor against a limit of 5', async () => {
    h = await startHarness({ limits: { perVisitor: 5, perIp: 100 } });
    const visitor = h.visitor();
    visitor.cookie = await visitorCookie();
    const answers = await Promise.all(Array.from({ length: 10 }, () => visitor.restyle()));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json).toMatchObject({ code: 'visitor_limit' });
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0]?.json.retry_after_seconds).toBe(Number(refused[0]?.headers.get('retry-after')));
    expect(h.upstream.count('/api/v1/restyle')).toBe(5);
  });

  it('holds the per-IP limit for visitors that drop their cookie, and resets after the window', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 5 } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.visitor().restyle()));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)?.json.code).toBe('ip_limit');
    expect(h.upstream.count('/api/v1/restyle')).toBe(5);
    await h.clock.advance(60 * 60 * 1000);
    expect((await h.visitor().restyle()).status).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For by default', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 2 } });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => h.visitor({ 'x-forwarded-for': `203.0.113.${i}` }).restyle()));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(2);
  });

  it('counts X-Forwarded-For when trustProxy says a proxy of the site sets it', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 2 }, trustProxy: true });
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => h.visitor({ 'x-forwarded-for': `198.51.100.7, 203.0.113.${i}` }).restyle()),
    );
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(4);
    // The left-most (client-chosen) entry is not trusted: only the hop the site's proxy appended counts.
    const same = await Promise.all(
      Array.from({ length: 3 }, (_, i) => h.visitor({ 'x-forwarded-for': `10.0.0.${i}, 203.0.113.50` }).restyle()),
    );
    expect(statuses(same).filter((s) => s === 200)).toHaveLength(2);
  });

  it('stops every visitor once the daily credit budget is spent', async () => {
    // One network (loopback) making every request: its share of the budget is lifted to see the budget itself.
    h = await startHarness({ limits: { perVisitor: 100, perIp: 100, dailyCredits: 3, networkDailyShare: 1 } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.visitor().restyle()));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(3);
    expect(answers.find((a) => a.status === 429)?.json.code).toBe('daily_budget');
    await h.clock.advance(24 * 60 * 60 * 1000);
    expect((await h.visitor().restyle()).status).toBe(200);
  });
});

describe('refused requests', () => {
  it('leave nothing in the store: 300 cookie-less requests over the per-IP limit', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore({ now: () => clock.now() });
    const counted = new Set<string>();
    const tracking: ProxyStore = {
      ...store,
      hit(key, windowMs, limit) {
        if (limit > 0) counted.add(key);
        return store.hit(key, windowMs, limit);
      },
    };
    h = await startHarness({ store: tracking, clock, limits: { perVisitor: 5, perIp: 1 } });
    expect((await h.visitor().restyle()).status).toBe(200);
    for (let i = 0; i < 30; i += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => h.visitor().restyle()));
      expect(statuses(answers)).toEqual(Array(10).fill(429));
    }
    const kept = [];
    for (const key of counted) if ((await store.get(key)) !== undefined) kept.push(key);
    // The one generation's windows: its visitor, its IP, its network's share, the day.
    expect(kept).toHaveLength(4);
  });
});

describe('networks (trustProxy, as behind a load balancer)', () => {
  const from = (ip: string) => h.visitor({ 'x-forwarded-for': ip }).restyle();

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 5 }, trustProxy: true });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => from(`2001:db8:1:2::${i + 1}`)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)?.json.code).toBe('ip_limit');
    // Another /64 is another client; an IPv4-mapped spelling is the IPv4 client.
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
    expect((await from('::ffff:203.0.113.9')).status).toBe(200);
  });

  it('takes the prefix length from limits.ipv6Prefix', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 1, ipv6Prefix: 128, networkDailyShare: 1 }, trustProxy: true });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => from(`2001:db8:1:2::${i + 1}`)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(6);
  });

  it('keeps one /24 to its share of the daily budget (20 of 100 by default), leaving the rest to other networks', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 5 }, trustProxy: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => Array.from({ length: 5 }, () => from(`198.51.100.${i + 1}`))).flat(),
    );
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(20);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.json).toMatchObject({ code: 'ip_limit' });
    expect(refused?.json.retry_after_seconds).toBeGreaterThan(0);
    expect(h.upstream.count('/api/v1/restyle')).toBe(20);
    expect((await from('203.0.113.1')).status).toBe(200);
  });

  it('keeps one IPv6 /48 to one share: 40 of its /64s get 20 generations, not 40', async () => {
    h = await startHarness({ limits: { perVisitor: 100 }, trustProxy: true });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => from(`2001:db8:1:${i.toString(16)}::1`)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(20);
    expect(h.upstream.count('/api/v1/restyle')).toBe(20);
    expect((await from('2001:db8:2::1')).status).toBe(200);
  });

  it('takes the share and the networks from the limits', async () => {
    h = await startHarness({
      limits: { perVisitor: 100, perIp: 100, dailyCredits: 20, networkDailyShare: 0.25, networkPrefixV6: 64 },
      trustProxy: true,
    });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => from(`2001:db8:1:${i}::1`)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(8);
    const sameSlash64 = await Promise.all(Array.from({ length: 6 }, (_, i) => from(`2001:db8:1:0::${i + 2}`)));
    expect(statuses(sameSlash64).filter((s) => s === 200)).toHaveLength(4);
  });

  it('counts a client once whatever port or spelling its balancer writes', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 2 }, trustProxy: true });
    const v4 = ['203.0.113.7:10001', '203.0.113.7:10002', '3405803783', '203.0.113.07', '0xcb.0.0x71.7', '[::ffff:203.0.113.7]:443'];
    const v6 = ['[2001:db8::1]:443', '[2001:db8::1]:444', '2001:DB8:0:0:0:0:0:1', '2001:db8::1'];
    const answers = await Promise.all([...v4, ...v6].map(from));
    expect(statuses(answers.slice(0, v4.length)).filter((s) => s === 200)).toHaveLength(2);
    expect(statuses(answers.slice(v4.length)).filter((s) => s === 200)).toHaveLength(2);
    expect(h.upstream.count('/api/v1/restyle')).toBe(4);
  });

  it('keeps a client behind a port-adding balancer to its network share', async () => {
    h = await startHarness({ limits: { perVisitor: 100, perIp: 100 }, trustProxy: true });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => from(`198.51.100.${i + 1}:${10_000 + i}`)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(20);
  });
});

describe('Retry-After of a refusal', () => {
  it('counts a start by its credits: all of them taken or none, given back one by one', async () => {
    const store = createMemoryStore();
    const checks = (limit: number) => [{ key: 'day', limit, windowMs: 60_000, code: 'daily_budget' as const, message: 'over' }];
    const taken = await consumeLimits(store, checks(3), 0, 2);
    expect(taken).toHaveLength(2);
    expect((await store.hit('day', 60_000, 0)).count).toBe(2);
    // One credit is left: a start costing two is refused, and takes none.
    await expect(consumeLimits(store, checks(3), 0, 2)).rejects.toMatchObject({ status: 429, code: 'daily_budget' });
    expect((await store.hit('day', 60_000, 0)).count).toBe(2);
    await expect(precheckLimits(store, checks(3), 0, 2)).rejects.toMatchObject({ status: 429 });
    await precheckLimits(store, checks(3), 0, 1);
    await Promise.all(taken.map((release) => release()));
    expect((await store.hit('day', 60_000, 0)).count).toBe(0);
  });

  it('says the window in whole seconds even when the store read its clock a moment later', async () => {
    const t0 = Date.UTC(2026, 0, 1);
    const store = createMemoryStore({ now: () => t0 + 37 });
    const refusal = await consumeLimits(
      store,
      [{ key: 'v', limit: 0, windowMs: 600_000, code: 'visitor_limit', message: 'over' }],
      t0,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProxyHttpError);
    expect((refusal as ProxyHttpError).headers['retry-after']).toBe('600');
    expect((refusal as ProxyHttpError).extra).toEqual({ retry_after_seconds: 600 });
  });
});
