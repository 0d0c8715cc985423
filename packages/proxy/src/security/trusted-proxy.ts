/** What the site's own reverse proxies say: any client writes `X-Forwarded-*`, so only the entry the n-th trusted proxy appended counts. */
import { formatIp, parseIp, unmapIp } from '@room-restyler/core/internal';
import { type ProxyRequest, SANE_HOST, URL_PARTS } from '../http/proxy-request.js';
import type { LogEntry, Logger } from '../log.js';

/** false: the socket address only. true = 1. n: the n-th address from the right of X-Forwarded-For. */
export type TrustProxy = boolean | number;

function trustedHops(trustProxy: TrustProxy): number {
  return trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy));
}

/** The entry of a comma-separated header the `hops`-th proxy from the right appended (none for 0 hops). */
function trustedEntry(value: string | null, hops: number): string | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_WITH_PORT = /^([^:]+):\d{1,5}$/;

/**
 * The address `entry` names in one spelling, so no spelling mints a new per-IP bucket: port and zone
 * dropped, IPv4 read as the WHATWG URL parser does (`3405803783`), IPv4-mapped IPv6 as its IPv4.
 */
export function canonicalIp(entry: string | undefined): string | undefined {
  const text = entry?.trim() ?? '';
  const host = BRACKETED.exec(text)?.[1] ?? IPV4_WITH_PORT.exec(text)?.[1] ?? text;
  const ip = parseIp(host.replace(/%[\w.-]+$/, ''));
  return ip && formatIp(unmapIp(ip));
}

/**
 * The client IP for per-IP limits, or `unknown` (all such clients share one bucket). A trusted
 * `X-Forwarded-For` entry that is no address, and an unknown IP, are each logged once (a flood must not grow the log).
 */
export function clientIpReader(trustProxy: TrustProxy, log: Logger): (request: ProxyRequest, socketIp: string | undefined) => string {
  const hops = trustedHops(trustProxy);
  const warned = new Set<string>();
  const warnOnce = (entry: LogEntry) => {
    if (warned.has(entry.msg)) return;
    warned.add(entry.msg);
    log(entry);
  };
  return (request, socketIp) => {
    const forwarded = trustedEntry(request.headers.get('x-forwarded-for'), hops);
    const ip = canonicalIp(forwarded);
    if (ip) return ip;
    if (forwarded !== undefined)
      warnOnce({
        level: 'warn',
        msg: 'X-Forwarded-For entry is no IP address: such requests count as the socket address (logged once; check trustProxy)',
        entry: forwarded.slice(0, 64),
      });
    const socket = canonicalIp(socketIp);
    if (socket) return socket;
    warnOnce({
      level: 'warn',
      msg: 'client IP unknown: all such clients share one per-IP limit (pass the socket address from your adapter or set trustProxy)',
    });
    return 'unknown';
  };
}

/** A parameter (`proto`, `host`) of one `Forwarded` element (`for=…;proto=https;host="a.example"`). */
const forwardedParam = (element: string | undefined, name: string) =>
  new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*"?([^";]*)"?`, 'i').exec(element ?? '')?.[1]?.trim();

/** The request as the browser addressed it behind an HTTPS-terminating proxy: for the Origin check and `Secure`, never upload origins. */
export function withForwardedOrigin(request: ProxyRequest, trustProxy: TrustProxy): ProxyRequest {
  const hops = trustedHops(trustProxy);
  if (hops === 0) return request;
  const headers = request.headers;
  const forwarded = trustedEntry(headers.get('forwarded'), hops);
  const proto = (trustedEntry(headers.get('x-forwarded-proto'), hops) ?? forwardedParam(forwarded, 'proto'))?.toLowerCase();
  const host = trustedEntry(headers.get('x-forwarded-host'), hops) ?? forwardedParam(forwarded, 'host');
  const parts = URL_PARTS.exec(request.url);
  if (!parts) return request;
  const scheme = proto === 'http' || proto === 'https' ? proto : parts[1];
  const authority = host !== undefined && SANE_HOST.test(host) ? host : parts[2];
  if (scheme === parts[1] && authority === parts[2]) return request;
  const url = `${scheme}://${authority}${parts[3]}${parts[4]}`;
  return {
    method: request.method,
    url,
    headers,
    get body() {
      return request.body;
    },
  };
}
