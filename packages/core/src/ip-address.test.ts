import { describe, expect, it } from 'vitest';
import { formatIp, networkOf, parseIp, unmapIp } from './ip-address.js';

const canonical = (text: string) => {
  const ip = parseIp(text);
  return ip && formatIp(unmapIp(ip));
};

describe('parseIp', () => {
  // The WHATWG URL parser's reading (what a browser and checkPublicUrl see): one address, one text.
  it.each([
    ['3405803783', '203.0.113.7'],
    ['203.0.113.07', '203.0.113.7'],
    ['203.0.113.010', '203.0.113.8'],
    ['0xcb.0.0x71.7', '203.0.113.7'],
    ['0XCB007107', '203.0.113.7'],
    ['203.0.28935', '203.0.113.7'],
    ['203.7', '203.0.0.7'],
    ['0313.0.0161.07', '203.0.113.7'],
    ['203.0.113.7.', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:CB00:7107', '203.0.113.7'],
    ['[2001:DB8:0:0:0:0:0:1]', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
  ])('reads %s as %s', (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });

  it.each(['203.0.113.256', '4294967296', '1.2.3.4.5', '0x1g.0.0.1', '08.0.0.1', 'photos.example.com', '::ffff:203.0.113.07', '1:2:3', ''])(
    'refuses %s',
    (text) => {
      expect(parseIp(text)).toBeUndefined();
    },
  );
});

describe('networkOf', () => {
  it('names the network an address belongs to', () => {
    const v6 = parseIp('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const v4 = parseIp('203.0.113.77');
    expect(v6 && networkOf(v6, 64)).toBe('2001:db8:1:2::/64');
    expect(v6 && networkOf(v6, 48)).toBe('2001:db8:1::/48');
    expect(v4 && networkOf(v4, 24)).toBe('203.0.113.0/24');
    expect(v4 && networkOf(v4, 32)).toBe('203.0.113.77/32');
  });
});
