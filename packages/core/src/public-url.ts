/**
 * Which image URLs a server may fetch on a stranger's behalf: http(s) on a public host, on the
 * scheme's own port, no credentials. Refused: every special-purpose address (loopback, private,
 * link-local, CGNAT, metadata, documentation, translation and tunnel prefixes, multicast...) in
 * every spelling (the WHATWG URL parser turns `http://2130706433/`, `http://0x7f.1/` and
 * `http://0177.0.0.1/` into `127.0.0.1`), names that only mean this machine or its network
 * (`localhost`, `*.localhost`, `*.internal`, `*.local`), and other ports (`:6379`) unless listed.
 * One set of rules for the proxy (before it forwards `image_url`) and the simulator's fetcher
 * (on every redirect hop, and on the addresses a name resolves to).
 */
import { type IpAddress, inPrefix, parseIp } from './ip-address.js';

/**
 * Every address block that is not the plain public internet, as [version, prefix, bits]: the
 * IANA IPv4 and IPv6 Special-Purpose Address Registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry; IPv6 last updated 2025-10-09, both read 2026-11-25) plus multicast
 * and the blocks RFC 4291 and RFC 3879 retired (IPv4-compatible, site-local). Blocks that carry an
 * IPv4 address (mapped, SIIT, NAT64, 6to4, Teredo) are refused whole: what they reach is not the
 * address they show. The registry's "globally reachable" anycast entries are refused too: no image
 * is served there.
 */
const SPECIAL_PURPOSE: ReadonlyArray<readonly [4 | 6, string, number]> = [
  [4, '0.0.0.0', 8], // "this network" (RFC 791)
  [4, '10.0.0.0', 8], // private (RFC 1918)
  [4, '100.64.0.0', 10], // shared address space, CGNAT (RFC 6598)
  [4, '127.0.0.0', 8], // loopback
  [4, '169.254.0.0', 16], // link-local, 169.254.169.254 cloud metadata
  [4, '172.16.0.0', 12], // private
  [4, '192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP, TURN)
  [4, '192.0.2.0', 24], // documentation TEST-NET-1
  [4, '192.31.196.0', 24], // AS112-v4
  [4, '192.52.193.0', 24], // AMT
  [4, '192.88.99.0', 24], // deprecated 6to4 relay anycast
  [4, '192.168.0.0', 16], // private
  [4, '192.175.48.0', 24], // direct delegation AS112
  [4, '198.18.0.0', 15], // benchmarking
  [4, '198.51.100.0', 24], // documentation TEST-NET-2
  [4, '203.0.113.0', 24], // documentation TEST-NET-3
  [4, '224.0.0.0', 4], // multicast (IANA multicast registry)
  [4, '240.0.0.0', 4], // reserved
  [4, '255.255.255.255', 32], // limited broadcast
  [6, '::', 128], // unspecified
  [6, '::1', 128], // loopback
  [6, '::', 96], // IPv4-compatible (deprecated, RFC 4291)
  [6, '::ffff:0:0', 96], // IPv4-mapped
  [6, '::ffff:0:0:0', 96], // SIIT IPv4-translated (RFC 2765)
  [6, '64:ff9b::', 96], // NAT64 well-known prefix
  [6, '64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  [6, '100::', 64], // discard-only
  [6, '100:0:0:1::', 64], // dummy IPv6 prefix
  [6, '2001::', 23], // IETF protocol assignments: Teredo 2001::/32, PCP/TURN anycast 2001:1::1, 2001:1::2,
  // benchmarking 2001:2::/48, AMT 2001:3::/32, AS112-v6 2001:4:112::/48, ORCHID(v2) 2001:10::/28,
  // 2001:20::/28, drone remote ID 2001:30::/28
  [6, '2001:db8::', 32], // documentation
  [6, '2002::', 16], // 6to4
  [6, '2620:4f:8000::', 48], // direct delegation AS112
  [6, '3fff::', 20], // documentation
  [6, '5f00::', 16], // segment routing (SRv6) SIDs
  [6, 'fc00::', 7], // unique local, fd00:ec2::254 cloud metadata
  [6, 'fe80::', 10], // link-local
  [6, 'fec0::', 10], // site-local (deprecated, RFC 3879)
  [6, 'ff00::', 8], // multicast
];

const BLOCKS = SPECIAL_PURPOSE.map(([version, prefix, bits]) => ({ version, bytes: parseIp(prefix)?.bytes ?? [], bits }));

/** Whether a server may connect to `ip` on a stranger's behalf. */
export function isPublicAddress(address: IpAddress | string): boolean {
  const ip = typeof address === 'string' ? parseIp(address) : address;
  if (!ip) return false;
  return !BLOCKS.some((block) => block.version === ip.version && inPrefix(ip.bytes, block.bytes, block.bits));
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface PublicUrlOptions {
  /** Ports allowed besides the scheme's own (80 for http, 443 for https). Default none. */
  ports?: readonly number[] | undefined;
}

/**
 * Whether `value` is an http(s) URL on a public host and port without credentials. A host name is
 * judged by its name only: whoever connects must check the addresses it resolves to (`isPublicAddress`).
 */
export function checkPublicUrl(value: string, options: PublicUrlOptions = {}): UrlCheck {
  if (!URL.canParse(value)) return { ok: false, reason: 'not an absolute URL' };
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not http(s)' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials in the URL' };
  // The URL parser drops the scheme's own port, so any port left is another one.
  if (url.port !== '' && !options.ports?.includes(Number(url.port))) return { ok: false, reason: 'not the default port' };
  const host = url.hostname;
  const ip = parseIp(host);
  if (ip) return isPublicAddress(ip) ? { ok: true, url } : { ok: false, reason: 'not a public address' };
  if (host === '' || !host.includes('.') || LOCAL_NAME.test(host)) return { ok: false, reason: 'not a public host name' };
  return { ok: true, url };
}
