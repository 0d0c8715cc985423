/**
 * The route table: every operation the proxy serves, its method and its handler. Deny by default:
 * anything else — other paths, other methods, encoded slashes or dots, backslashes, empty or `..`
 * segments — is a JSON 404/405. The upstream URL is never built from the client's path: only a
 * fixed operation name or the request id inside a signed handle reaches it.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError, type Reply } from '../http/responses.js';
import { handleEvents } from './events.js';
import { handleGenerate, type Operation } from './generate.js';
import { handleHealth } from './health.js';
import { handlePrediction } from './prediction.js';
import { handleUpload, handleUploaded } from './uploads.js';

export type RouteName = 'enhance' | 'restyle' | 'prediction' | 'events' | 'upload' | 'uploaded' | 'health';

export type RouteHandler = (context: ProxyContext, scope: RequestScope) => Promise<Reply> | Reply;

export interface MatchedRoute {
  name: RouteName;
  handler: RouteHandler;
  /** The handle or upload id in the path, when the route has one. */
  param?: string;
}

interface Route {
  name: RouteName;
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: RouteHandler;
}

/** Enhance and restyle share one handler. */
function generation(operation: Operation): RouteHandler {
  return (context, scope) => handleGenerate(context, scope, operation);
}

const TOKEN = '([A-Za-z0-9_-]{1,1024}(?:\\.[A-Za-z0-9_-]{1,128})?)';

const ROUTES: readonly Route[] = [
  { name: 'enhance', method: 'POST', pattern: /^\/api\/v1\/enhance$/, handler: generation('enhance') },
  { name: 'restyle', method: 'POST', pattern: /^\/api\/v1\/restyle$/, handler: generation('restyle') },
  { name: 'prediction', method: 'GET', pattern: new RegExp(`^/api/v1/prediction/${TOKEN}$`), handler: handlePrediction },
  { name: 'events', method: 'GET', pattern: new RegExp(`^/api/v1/prediction/${TOKEN}/events$`), handler: handleEvents },
  { name: 'upload', method: 'POST', pattern: /^\/api\/v1\/uploads$/, handler: handleUpload },
  { name: 'uploaded', method: 'GET', pattern: new RegExp(`^/api/v1/uploads/${TOKEN}$`), handler: handleUploaded },
  { name: 'health', method: 'GET', pattern: /^\/healthz$/, handler: handleHealth },
];

const SUSPICIOUS = /%2f|%5c|%2e|%00|\\|\/\/|\/\.\.?(\/|$)/i;

/** The route for `pathname` under `prefix`, or a 404/405 error. HEAD counts as GET. */
export function matchRoute(pathname: string, method: string, prefix: string): MatchedRoute {
  if (SUSPICIOUS.test(pathname) || !pathname.startsWith(prefix)) throw routeNotFound();
  const path = pathname.slice(prefix.length);
  const effective = method === 'HEAD' ? 'GET' : method;
  let allowed: Set<string> | undefined;
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method === effective) {
      const param = match[1];
      return param === undefined ? { name: route.name, handler: route.handler } : { name: route.name, handler: route.handler, param };
    }
    allowed ??= new Set();
    allowed.add(route.method);
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
  return ROUTES.some((route) => route.pattern.test(path));
}

const routeNotFound = () => new ProxyHttpError(404, 'not_found', 'No such route on this proxy');
