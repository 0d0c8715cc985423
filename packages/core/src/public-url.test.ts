import { describe, expect, it } from 'vitest';
import { networkOf, parseIp } from './ip-address.js';
import { checkPublicUrl, isPublicAddress } from './public-url.js';

describe('checkPublicUrl', () => {
  it.each([
    'http://127.0.0.1/x.jpg',
    'http://localhost:8080/x.jpg',
    'http://a.localhost/x.jpg',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.7/x.jpg',
    'http://172.20.1.1/x.jpg',
    'http://192.168.1.1/x.jpg',
    'http://100.64.0.1/x.jpg',
    'http://0.0.0.0/x.jpg',
    'http://[::]/x.jpg',
    'http://[::1]/x.jpg',
    'http://[fe80::1]/x.jpg',
    'http://[::ffff:127.0.0.1]/x.jpg',
    'http://[::ffff:a9fe:a9fe]/x.jpg',
    'http://[64:ff9b::7f00:1]/x.jpg',
    'http://2130706433/x.jpg',
    'http://0x7f.1/x.jpg',
    'http://0177.0.0.1/x.jpg',
    'http://0x7f000001/x.jpg',
    'http://intranet/x.jpg',
    'http://user:pass@photos.example.com/x.jpg',
    'http://user@photos.example.com/x.jpg',
    'ftp://photos.example.com/x.jpg',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(checkPublicUrl(url).ok).toBe(false);
  });

  it.each(['https://photos.example.com/room.jpg', 'http://93.184.216.34/x.jpg', 'https://[2606:4700::6810:84e5]/x.jpg'])(
    'accepts %s',
    (url) => {
      expect(checkPublicUrl(url).ok).toBe(true);
    },
  );
});

describe('isPublicAddress', () => {
  it('judges resolved addresses in every spelling', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const ip of ['127.0.0.53', '0:0:0:0:0:0:0:1', '::ffff:10.1.2.3', 'fd00:ec2::254', 'fe80::1', '::', 'garbage'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe('networkOf', () => {
  it('names the network an address belongs to', () => {
    const v6 = parseIp('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const v4 = parseIp('203.0.113.77');
    expect(v6 && networkOf(v6, 64)).toBe('2001:db8:1:2::/64');
    expect(v4 && networkOf(v4, 24)).toBe('203.0.113.0/24');
    expect(v4 && networkOf(v4, 32)).toBe('203.0.113.77/32');
  });
});
