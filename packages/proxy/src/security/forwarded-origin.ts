/**
 * Behind an HTTPS-terminating reverse proxy the request reaches us as `http://internal-host`; the
 * browser saw `https://www.site.example`. With `trustProxy`, the proxy's own `X-Forwarded-Proto` /
 * `X-Forwarded-Host` (or the standard `Forwarded: proto=…;host=…`) say what the browser saw, and
 * that origin decides the Origin check and the cookie's `Secure` — never which URLs are the proxy's
 * own uploads nor the URLs it hands out (security/upload-origins.ts). Without it they are ignored:
 * any client can send them. Of a list, the entry the n-th trusted proxy appended counts,
 * as for `X-Forwarded-For`.
 */
import { type ProxyRequest, SANE_HOST, URL_PARTS } from '../http/proxy-request.js';
import { type TrustProxy, trustedEntry, trustedHops } from './client-ip.js';

/** `proto` and `host` of one `Forwarded` element (`for=…;proto=https;host="a.example"`). */
function forwardedPairs(element: string | undefined): { proto?: string; host?: string } {
  const pairs: { proto?: string; host?: string } = {};
  for (const pair of (element ?? '').split(';')) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim().toLowerCase();
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (eq > 0 && (name === 'proto' || name === 'host')) pairs[name] = value;
  }
  return pairs;
}

/** The request as the browser addressed it, when trusted proxies say so; the request itself otherwise. */
export function withForwardedOrigin(request: ProxyRequest, trustProxy: TrustProxy): ProxyRequest {
  const hops = trustedHops(trustProxy);
  if (hops === 0) return request;
  const headers = request.headers;
  const forwarded = forwardedPairs(trustedEntry(headers.get('forwarded'), hops));
  const proto = (trustedEntry(headers.get('x-forwarded-proto'), hops) ?? forwarded.proto)?.toLowerCase();
  const host = trustedEntry(headers.get('x-forwarded-host'), hops) ?? forwarded.host;
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
