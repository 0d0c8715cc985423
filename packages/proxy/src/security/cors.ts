/** The Origin allowlist: a page elsewhere gets a 403 first; no `Origin` (curl, the service) passes: limits protect credits. */
import type { ProxyRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';

export const CORS_ALLOWED_HEADERS = ['content-type', 'idempotency-key'];

export interface CorsDecision {
  /** Headers to add to the response (empty when the request has no Origin or is same-origin). */
  headers: Record<string, string>;
}

/** Same-origin or no Origin: nothing to add (shared, never mutated). */
export const NO_CORS: CorsDecision = Object.freeze({ headers: Object.freeze({}) });

export function checkOrigin(request: ProxyRequest, allowedOrigins: ReadonlySet<string>): CorsDecision {
  const origin = request.headers.get('origin');
  if (origin === null || origin === new URL(request.url).origin) return NO_CORS;
  if (!allowedOrigins.has(origin)) {
    throw new ProxyHttpError(403, 'origin_not_allowed', 'This origin is not allowed to use the proxy');
  }
  return {
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'retry-after',
      vary: 'Origin',
    },
  };
}

export function preflightResponse(cors: CorsDecision, extraHeaders: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...cors.headers,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': [...CORS_ALLOWED_HEADERS, ...extraHeaders].join(', '),
      'access-control-max-age': '600',
    },
  });
}
