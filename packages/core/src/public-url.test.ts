import { describe, expect, it } from 'vitest';
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
    'http://203.0.113.07/x.jpg',
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

describe('special-purpose addresses (IANA registries)', () => {
  it.each([
    '192.31.196.1',
    '192.52.193.1',
    '192.175.48.1',
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b:1::a9fe:a9fe',
    '100:0:0:1::1',
    '2001:1::1',
    '2001:1::2',
    '2001:2::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:10::1',
    '2001:20::1',
    '2001:30::1',
    '2001:1ff:ffff::1',
    '2620:4f:8000::1',
    '3fff::1',
    '3fff:fff::1',
    '5f00::1',
  ])('refuses %s as an address and as a URL host', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    const host = address.includes(':') ? `[${address}]` : address;
    expect(checkPublicUrl(`http://${host}/x.jpg`).ok).toBe(false);
  });

  it('still accepts the public neighbours of those blocks', () => {
    for (const address of ['192.31.197.1', '2001:200::1', '2620:4f:8001::1', '3fff:1000::1', '2606:4700::6810:84e5'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('ports', () => {
  it.each([
    'http://photos.example.com:6379/x.jpg',
    'http://photos.example.com:443/x.jpg',
    'https://photos.example.com:80/x.jpg',
    'https://93.184.216.34:8443/x.jpg',
  ])("refuses %s (not the scheme's own port)", (url) => {
    expect(checkPublicUrl(url)).toEqual({ ok: false, reason: 'not the default port' });
  });

  it("accepts the scheme's own port spelled out, and ports the site lists", () => {
    expect(checkPublicUrl('https://photos.example.com:443/x.jpg').ok).toBe(true);
    expect(checkPublicUrl('http://photos.example.com:80/x.jpg').ok).toBe(true);
    expect(checkPublicUrl('https://photos.example.com:8443/x.jpg', { ports: [8443] }).ok).toBe(true);
    expect(checkPublicUrl('http://127.0.0.1:8443/x.jpg', { ports: [8443] }).ok).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it('judges resolved addresses in every spelling', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const ip of ['127.0.0.53', '0:0:0:0:0:0:0:1', '::ffff:10.1.2.3', 'fd00:ec2::254', 'fe80::1', '::', 'garbage'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});
