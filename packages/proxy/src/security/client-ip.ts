/**
 * The client's IP for per-IP limits. `X-Forwarded-For` is trivially spoofed, so it counts only
 * when the site says how many reverse proxies of its own sit in front (`trustProxy`).
 */
import type { ProxyRequest } from '../http/proxy-request.js';

/** false: the socket address only. true = 1. n: the n-th address from the right of X-Forwarded-For. */
export type TrustProxy = boolean | number;

/** How many reverse proxies of the site's own sit in front. */
export function trustedHops(trustProxy: TrustProxy): number {
  return trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy));
}

export function clientIp(request: ProxyRequest, socketIp: string | undefined, trustProxy: TrustProxy): string | undefined {
  const hops = trustedHops(trustProxy);
  if (hops > 0) {
    const chain = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const forwarded = chain[Math.max(0, chain.length - hops)];
    if (forwarded && isIp(forwarded)) return normalizeIp(forwarded);
  }
  return socketIp ? normalizeIp(socketIp) : undefined;
}

function isIp(value: string): boolean {
  return /^[0-9.]+$/.test(value) || /^[0-9a-fA-F:.]+$/.test(value);
}

/** `::ffff:1.2.3.4` and `1.2.3.4` are one client. */
function normalizeIp(ip: string): string {
  return ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}
