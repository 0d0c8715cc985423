/**
 * Deny-by-default routing. Only the listed operations and methods exist; anything else — other
 * paths, other methods, encoded slashes or dots, backslashes, empty or `..` segments — is a JSON
 * 404/405. The upstream URL is never built from the client's path: only a fixed operation name or
 * the request id inside a signed handle reaches it.
 */
import { ProxyHttpError } from '../http/responses.js';

export type RouteName = 'enhance' | 'restyle' | 'prediction' | 'events' | 'upload' | 'uploaded' | 'health';

export interface MatchedRoute {
  name: RouteName;
  /** The handle or upload id in the path, when the route has one. */
  param?: string;
}

interface RouteRule {
  name: RouteName;
  pattern: RegExp;
  method: 'GET' | 'POST';
}

const TOKEN = '([A-Za-z0-9_-]{1,1024}(?:\\.[A-Za-z0-9_-]{1,128})?)';

const RULES: RouteRule[] = [
  { name: 'enhance', pattern: /^\/api\/v1\/enhance$/, method: 'POST' },
  { name: 'restyle', pattern: /^\/api\/v1\/restyle$/, method: 'POST' },
  { name: 'prediction', pattern: new RegExp(`^/api/v1/prediction/${TOKEN}$`), method: 'GET' },
  { name: 'events', pattern: new RegExp(`^/api/v1/prediction/${TOKEN}/events$`), method: 'GET' },
  { name: 'upload', pattern: /^\/api\/v1\/uploads$/, method: 'POST' },
  { name: 'uploaded', pattern: new RegExp(`^/api/v1/uploads/${TOKEN}$`), method: 'GET' },
  { name: 'health', pattern: /^\/healthz$/, method: 'GET' },
];

const SUSPICIOUS = /%2f|%5c|%2e|%00|\\|\/\/|\/\.\.?(\/|$)/i;

/** The route for `pathname` under `prefix`, or a 404/405 error. HEAD counts as GET. */
export function matchRoute(pathname: string, method: string, prefix: string): MatchedRoute {
  if (SUSPICIOUS.test(pathname) || !pathname.startsWith(prefix)) throw routeNotFound();
  const path = pathname.slice(prefix.length);
  const effective = method === 'HEAD' ? 'GET' : method;
  let allowed: Set<string> | undefined;
  for (const rule of RULES) {
    const match = rule.pattern.exec(path);
    if (!match) continue;
    if (rule.method === effective) {
      const param = match[1];
      return param === undefined ? { name: rule.name } : { name: rule.name, param };
    }
    allowed ??= new Set();
    allowed.add(rule.method);
  }
  if (!allowed) throw routeNotFound();
  throw new ProxyHttpError(405, 'method_not_allowed', `Method ${method} is not allowed here`, {
    headers: { allow: [...allowed].join(', ') },
  });
}

/** Whether the path is one the proxy serves under some method (CORS preflight answers only those). */
export function isKnownPath(pathname: string, prefix: string): boolean {
  if (SUSPICIOUS.test(pathname) || !pathname.startsWith(prefix)) return false;
  const path = pathname.slice(prefix.length);
  return RULES.some((rule) => rule.pattern.test(path));
}

const routeNotFound = () => new ProxyHttpError(404, 'not_found', 'No such route on this proxy');
