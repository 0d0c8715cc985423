/**
 * IP addresses as bytes, for rules that must not be fooled by spellings: `::ffff:127.0.0.1`,
 * `0:0:0:0:0:0:0:1` and `::1` are the same address, and so are `2130706433`, `0x7f.1`,
 * `0177.0.0.1` and `127.0.0.1`. Portable (no node:net), so the browser-safe core can hold the
 * rules both the proxy and the simulator apply.
 */

export type IpAddress = { version: 4; bytes: number[] } | { version: 6; bytes: number[] };

const DOTTED_DECIMAL = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function dottedBytes(text: string): number[] | undefined {
  return DOTTED_DECIMAL.test(text) ? text.split('.').map(Number) : undefined;
}

/**
 * An IPv4 address in any spelling the WHATWG URL parser accepts as a host, read as it reads it:
 * `3405803783`, `0xcb.0.113.7`, `203.0.113.07` (a leading 0 is octal, so `010` is 8), `203.0.7`.
 * The same parser gives `checkPublicUrl` its hosts, so one spelling is one address everywhere.
 */
function parseIpv4(text: string): number[] | undefined {
  if (!/^[0-9a-fx.]+$/i.test(text) || !/\d/.test(text)) return undefined;
  const host = URL.canParse(`http://${text}/`) ? new URL(`http://${text}/`).hostname : '';
  return dottedBytes(host);
}

function parseIpv6(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return undefined;
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) is two groups written another way (decimal only, as in RFC 4291).
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = dottedBytes(tail);
    if (!v4) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    return parseIpv6(`${text.slice(0, lastColon + 1)}${hex(v4[0] ?? 0, v4[1] ?? 0)}:${hex(v4[2] ?? 0, v4[3] ?? 0)}`);
  }
  const [head = '', after] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const front = parse(head);
  const back = after === undefined ? [] : parse(after);
  const missing = 8 - front.length - back.length;
  if (after === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...front, ...Array<string>(after === undefined ? 0 : missing).fill('0'), ...back];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

/** The address in `text` (IPv6 with or without brackets, no zone, no port), or undefined when it is not one. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = parseIpv6(text.replace(/^\[(.*)\]$/, '$1'));
  return v6 ? { version: 6, bytes: v6 } : undefined;
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for; the address itself otherwise. */
export function unmapIp(ip: IpAddress): IpAddress {
  if (ip.version === 6 && ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff)
    return { version: 4, bytes: ip.bytes.slice(12) };
  return ip;
}

/** Whether the first `bits` bits of `ip` are those of `prefix`. */
export function inPrefix(ip: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const mask = bits - i >= 8 ? 0xff : (0xff << (8 - (bits - i))) & 0xff;
    if (((ip[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** One text per address (RFC 5952 for IPv6: lower case, the longest run of zero groups as `::`). */
export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) return ip.bytes.join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] ?? 0) << 8) | (ip.bytes[i + 1] ?? 0));
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8; at += 1) {
    let length = 0;
    while (at + length < 8 && groups[at + length] === 0) length += 1;
    if (length > best.length) best = { at, length };
  }
  const hex = (part: number[]) => part.map((group) => group.toString(16)).join(':');
  if (best.at < 0) return hex(groups);
  return `${hex(groups.slice(0, best.at))}::${hex(groups.slice(best.at + best.length))}`;
}

/** The network of `ip` as text: its first `bits` bits, then `/bits` (`2001:db8:1:2::/64`, `203.0.113.0/24`). */
export function networkOf(ip: IpAddress, bits: number): string {
  const width = ip.version === 4 ? 32 : 128;
  const kept = Math.max(0, Math.min(width, Math.floor(bits)));
  const bytes = ip.bytes.map((byte, i) => {
    const from = i * 8;
    if (from + 8 <= kept) return byte;
    if (from >= kept) return 0;
    return byte & ((0xff << (8 - (kept - from))) & 0xff);
  });
  return `${formatIp({ ...ip, bytes })}/${kept}`;
}
