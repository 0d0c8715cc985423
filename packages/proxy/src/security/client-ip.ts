/**
 * The client's IP for per-IP limits, in one canonical spelling so no spelling mints a new bucket.
 * `X-Forwarded-For` is trivially spoofed, so it counts only when the site says how many reverse
 * proxies of its own sit in front (`trustProxy`). An entry is read as the address alone: a port
 * (`203.0.113.7:10001`, `[2001:db8::1]:443`, as some load balancers append) or zone is dropped,
 * IPv4 is read as the WHATWG URL parser reads it (`3405803783`, `203.0.113.07` are 203.0.113.7), an
 * IPv4-mapped IPv6 address is its IPv4. An entry that is no address counts as the socket's.
 */
import { formatIp, parseIp, unmapIp } from '@room-restyler/core/internal';
import type { ProxyRequest } from '../http/proxy-request.js';
import type { Logger } from '../log.js';

/** false: the socket address only. true = 1. n: the n-th address from the right of X-Forwarded-For. */
export type TrustProxy = boolean | number;

/** How many reverse proxies of the site's own sit in front. */
export function trustedHops(trustProxy: TrustProxy): number {
  return trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy));
}

/** The entry of a comma-separated header the `hops`-th proxy from the right appended (none for 0 hops). */
export function trustedEntry(value: string | null, hops: number): string | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_WITH_PORT = /^([^:]+):\d{1,5}$/;

/** The address `entry` names, in one spelling (`203.0.113.7`, `2001:db8::1`), or undefined when it names none. */
export function canonicalIp(entry: string): string | undefined {
  const text = entry.trim();
  const host = BRACKETED.exec(text)?.[1] ?? IPV4_WITH_PORT.exec(text)?.[1] ?? text;
  const ip = parseIp(host.replace(/%[\w.-]+$/, ''));
  return ip && formatIp(unmapIp(ip));
}

export type ClientIp = (request: ProxyRequest, socketIp: string | undefined) => string | undefined;

/**
 * Reads the client IP of each request. A trusted entry that is no address (a misconfigured hop
 * count, a balancer writing something else) is logged once, not per request: a flood of them
 * must not grow the log.
 */
export function clientIpReader(trustProxy: TrustProxy, log: Logger): ClientIp {
  const hops = trustedHops(trustProxy);
  let warned = false;
  return (request, socketIp) => {
    const forwarded = trustedEntry(request.headers.get('x-forwarded-for'), hops);
    const ip = forwarded === undefined ? undefined : canonicalIp(forwarded);
    if (ip) return ip;
    if (forwarded !== undefined && !warned) {
      warned = true;
      log({
        level: 'warn',
        msg: 'X-Forwarded-For entry is no IP address: such requests count as the socket address (logged once; check trustProxy)',
        entry: forwarded.slice(0, 64),
      });
    }
    return socketIp === undefined ? undefined : canonicalIp(socketIp);
  };
}
