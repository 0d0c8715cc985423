/**
 * Which image URLs a server may fetch on a stranger's behalf: http(s) on a public host, no
 * credentials. Refused: loopback, private, link-local, CGNAT, cloud metadata, unspecified,
 * multicast and documentation addresses, in every spelling (the WHATWG URL parser turns
 * `http://2130706433/`, `http://0x7f.1/` and `http://0177.0.0.1/` into `127.0.0.1`; IPv4-mapped and
 * NAT64/6to4/Teredo IPv6 addresses are judged or refused as what they carry), and names that only
 * mean this machine or its network (`localhost`, `*.localhost`, `*.internal`, `*.local`).
 * One set of rules for the proxy (before it forwards `image_url`) and the simulator's fetcher
 * (on every redirect hop, and on the addresses a name resolves to).
 */
import { type IpAddress, inPrefix, parseIp, unmapIp } from './ip-address.js';

/** [prefix bytes, bits] of every range that is not the public internet. */
const NOT_PUBLIC_V4: ReadonlyArray<readonly [number[], number]> = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // CGNAT
  [[127], 8],
  [[169, 254], 16], // link-local, 169.254.169.254 (metadata)
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

const NOT_PUBLIC_V6: ReadonlyArray<readonly [number[], number]> = [
  [[], 96], // ::, ::1 and IPv4-compatible (::a.b.c.d)
  [[0, 0x64, 0xff, 0x9b], 96], // NAT64
  [[0x01, 0x00], 64], // discard-only
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4
  [[0xfc], 7], // unique local, fd00:ec2::254 (metadata)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local
  [[0xff], 8], // multicast
];

/** Whether a server may connect to `ip` on a stranger's behalf. */
export function isPublicAddress(address: IpAddress | string): boolean {
  const parsed = typeof address === 'string' ? parseIp(address) : address;
  if (!parsed) return false;
  const ip = unmapIp(parsed);
  const ranges = ip.version === 4 ? NOT_PUBLIC_V4 : NOT_PUBLIC_V6;
  return !ranges.some(([prefix, bits]) => inPrefix(ip.bytes, prefix, bits));
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether `value` is an http(s) URL on a public host without credentials. A host name is judged by
 * its name only: whoever connects must check the addresses it resolves to (`isPublicAddress`).
 */
export function checkPublicUrl(value: string): UrlCheck {
  if (!URL.canParse(value)) return { ok: false, reason: 'not an absolute URL' };
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not http(s)' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials in the URL' };
  const host = url.hostname;
  const ip = parseIp(host);
  if (ip) return isPublicAddress(ip) ? { ok: true, url } : { ok: false, reason: 'not a public address' };
  if (host === '' || !host.includes('.') || LOCAL_NAME.test(host)) return { ok: false, reason: 'not a public host name' };
  return { ok: true, url };
}
