import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';
import type { LogEntry } from '../log.js';
import { canonicalIp, clientIpReader, type TrustProxy } from './trusted-proxy.js';

const withXff = (value: string) => new Request('http://x/', { headers: { 'x-forwarded-for': value } });
const reader = (trustProxy: TrustProxy) => clientIpReader(trustProxy, () => {});

describe('clientIp', () => {
  it('uses the socket address unless trustProxy is set', () => {
    expect(reader(false)(withXff('203.0.113.1'), '::ffff:10.0.0.5')).toBe('10.0.0.5');
  });

  it('takes the entry appended by the trusted proxies, not the client-chosen ones', () => {
    expect(reader(true)(withXff('6.6.6.6, 203.0.113.1'), '10.0.0.5')).toBe('203.0.113.1');
    expect(reader(2)(withXff('6.6.6.6, 203.0.113.1, 10.0.0.9'), '10.0.0.5')).toBe('203.0.113.1');
    expect(reader(true)(withXff('not an ip'), '10.0.0.5')).toBe('10.0.0.5');
  });
});

describe('canonicalIp', () => {
  it.each([
    ['203.0.113.7:10001', '203.0.113.7'],
    ['3405803783', '203.0.113.7'],
    ['203.0.113.07', '203.0.113.7'],
    ['0xcb.0.0x71.7:80', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['[::ffff:cb00:7107]:443', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:DB8:0:0:0:0:0:1]', '2001:db8::1'],
    ['2001:db8:0::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('reads %s as %s', (entry, expected) => {
    expect(canonicalIp(entry)).toBe(expected);
  });

  it.each(['unknown', '203.0.113.7:', '203.0.113.7:123456', '[2001:db8::1', 'photos.example.com:80', '_hidden'])(
    'names no address in %s',
    (entry) => {
      expect(canonicalIp(entry)).toBeUndefined();
    },
  );
});

describe('an X-Forwarded-For entry that is no address', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('counts as the socket address and is logged once, not per request', async () => {
    const warnings: LogEntry[] = [];
    h = await startHarness({ trustProxy: true, log: (entry) => entry.level === 'warn' && warnings.push(entry) });
    for (let i = 0; i < 3; i += 1) await h.visitor({ 'x-forwarded-for': `client-${i}` }).restyle();
    const third = await h.visitor({ 'x-forwarded-for': 'garbage' }).restyle();
    expect(third.status).toBe(200);
    expect(warnings.filter((entry) => String(entry.msg).startsWith('X-Forwarded-For'))).toEqual([
      expect.objectContaining({ entry: 'client-0' }),
    ]);
  });
});
