/** The Origin allowlist: a page elsewhere gets a 403 first; no `Origin` (curl, the service) passes: limits protect credits. */
import type { ProxyRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';

/** Read in the proxy's log (a browser reads no body of a refused preflight): what to set for a page of the site's. */
const ORIGIN_NOT_ALLOWED = 'This origin is not allowed to use the proxy: name it in allowedOrigins (ROOM_PROXY_ALLOWED_ORIGINS)';

/** Same-origin or no Origin: no headers to add (shared, never mutated). */
export const NO_CORS: Readonly<Record<string, string>> = Object.freeze({});

/** The headers a cross-origin answer gets; 403 for an origin not allowed. */
export function checkOrigin(request: ProxyRequest, allowedOrigins: ReadonlySet<string>): Readonly<Record<string, string>> {
  const origin = request.headers.get('origin');
  if (origin === null || origin === new URL(request.url).origin) return NO_CORS;
  if (!allowedOrigins.has(origin)) throw new ProxyHttpError(403, 'origin_not_allowed', ORIGIN_NOT_ALLOWED);
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'retry-after',
    vary: 'Origin',
  };
}

export function preflightResponse(cors: Readonly<Record<string, string>>, extraHeaders: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': ['content-type', 'idempotency-key', ...extraHeaders].join(', '),
      'access-control-max-age': '600',
    },
  });
}
