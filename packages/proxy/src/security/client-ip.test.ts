import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.js';

const withXff = (value: string) => new Request('http://x/', { headers: { 'x-forwarded-for': value } });

describe('clientIp', () => {
  it('uses the socket address unless trustProxy is set', () => {
    expect(clientIp(withXff('203.0.113.1'), '::ffff:10.0.0.5', false)).toBe('10.0.0.5');
  });

  it('takes the entry appended by the trusted proxies, not the client-chosen ones', () => {
    expect(clientIp(withXff('6.6.6.6, 203.0.113.1'), '10.0.0.5', true)).toBe('203.0.113.1');
    expect(clientIp(withXff('6.6.6.6, 203.0.113.1, 10.0.0.9'), '10.0.0.5', 2)).toBe('203.0.113.1');
    expect(clientIp(withXff('not an ip'), '10.0.0.5', true)).toBe('10.0.0.5');
  });
});
