/**
 * Every operation the proxy serves. Deny by default: anything else (other paths and methods, encoded slashes or dots,
 * backslashes, empty or `..` segments) is a JSON 404/405; the upstream URL is never built from the client's path.
 */
import { GENERATION_OPERATIONS, generationOperations, type ProxyPaths } from '@room-restyler/core';
import { handleBatch, handleBatchEvents, handleBatches, handleCancelBatch } from '../batches/batches.js';
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError, type Reply, routeNotFound } from '../http/responses.js';
import { handleGenerate } from './generate.js';
import { handleLive, handleReady } from './health.js';
import { handleEvents, handlePrediction } from './prediction.js';
import { handleTries } from './tries.js';
import { handleUpload, handleUploaded } from './uploads.js';
import { handleModule, handlePreview, handleTranslation, handleWidget } from './widget.js';

/** The name of each route in ROUTES (the request log names requests by it). */
export type RouteName = (typeof ROUTES)[number]['name'];

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The path as openapi/proxy-api.yaml writes it; the compiler checks it is one of the spec's. */
  path: keyof ProxyPaths;
  handler: (context: ProxyContext, scope: RequestScope) => Promise<Reply> | Reply;
  /** Public code any origin may read: the `Origin` allowlist does not apply (the handler sets its CORS headers). */
  public?: true;
}

const TOKEN = '([A-Za-z0-9_-]{1,1024}(?:\\.[A-Za-z0-9_-]{1,128})?)';

/** A start at the service's path of each of its operations (the handler refuses those the site does not offer). */
const GENERATION_ROUTES = GENERATION_OPERATIONS.map((operation) => ({
  name: operation,
  method: 'POST' as const,
  path: generationOperations[operation].path,
  handler: (context: ProxyContext, scope: RequestScope) => handleGenerate(context, scope, operation),
}));

export const ROUTES = [
  ...GENERATION_ROUTES,
  { name: 'tries', method: 'POST', path: '/api/v1/tries', handler: handleTries },
  { name: 'batches', method: 'POST', path: '/api/v1/batches', handler: handleBatches },
  { name: 'batch', method: 'GET', path: '/api/v1/batches/{id}', handler: handleBatch },
  { name: 'cancel_batch', method: 'DELETE', path: '/api/v1/batches/{id}', handler: handleCancelBatch },
  { name: 'batch_events', method: 'GET', path: '/api/v1/batches/{id}/events', handler: handleBatchEvents },
  { name: 'prediction', method: 'GET', path: '/api/v1/prediction/{handle}', handler: handlePrediction },
  { name: 'events', method: 'GET', path: '/api/v1/prediction/{handle}/events', handler: handleEvents },
  { name: 'upload', method: 'POST', path: '/api/v1/uploads', handler: handleUpload },
  { name: 'uploaded', method: 'GET', path: '/api/v1/uploads/{id}', handler: handleUploaded },
  { name: 'live', method: 'GET', path: '/livez', handler: handleLive },
  { name: 'ready', method: 'GET', path: '/readyz', handler: handleReady },
  // The old name of /livez, kept for probes already configured with it.
  { name: 'health', method: 'GET', path: '/healthz', handler: handleLive },
  { name: 'widget', method: 'GET', path: '/room-restyler.js', handler: handleWidget, public: true },
  { name: 'widgetModule', method: 'GET', path: '/room-restyler/{module}.js', handler: handleModule, public: true },
  { name: 'translation', method: 'GET', path: '/room-restyler/translations/{lang}.js', handler: handleTranslation, public: true },
  { name: 'preview', method: 'GET', path: '/room-restyler/previews/{style}.webp', handler: handlePreview, public: true },
] as const satisfies readonly Route[];

// Every path of the spec is served: a path added to openapi/proxy-api.yaml without a route stops the build.
const everyPathServed = <Unserved extends never>(unserved?: Unserved) => unserved;
everyPathServed<Exclude<keyof ProxyPaths, (typeof ROUTES)[number]['path']>>();

/** A path template as a pattern: each `{param}` is one token (a handle, an upload or batch id, a module, a language or a style); a dot is a dot. */
const MATCHERS = ROUTES.map((route) => ({
  ...route,
  pattern: new RegExp(`^${route.path.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, TOKEN)}$`),
}));

const SUSPICIOUS = /%2f|%5c|%2e|%00|\\|\/\/|\/\.\.?(\/|$)/i;

/** The routes on `pathname` under `prefix`, each with its param; none for a path the proxy never serves. */
export function routesAt(pathname: string, prefix: string) {
  if (SUSPICIOUS.test(pathname) || !pathname.startsWith(prefix)) return [];
  const path = pathname.slice(prefix.length);
  return MATCHERS.flatMap((route) => {
    const match = route.pattern.exec(path);
    return match ? [{ name: route.name, method: route.method, handler: route.handler, param: match[1], public: 'public' in route }] : [];
  });
}

/** The route of `method` among a path's `routes`, or a 404/405 error. HEAD counts as GET. */
export function matchRoute(routes: ReturnType<typeof routesAt>, method: string) {
  const route = routes.find((candidate) => candidate.method === (method === 'HEAD' ? 'GET' : method));
  if (route) return route;
  if (routes.length === 0) throw routeNotFound();
  throw methodNotAllowed(
    method,
    routes.map((candidate) => candidate.method),
  );
}

/** A 405, always with `Allow`. */
export function methodNotAllowed(method: string, allowed: readonly string[]): ProxyHttpError {
  return new ProxyHttpError(405, 'method_not_allowed', `Method ${method} is not allowed here`, {
    headers: { allow: allowed.join(', ') },
  });
}

/** Every method the proxy serves somewhere: the `Allow` of a request that names no path of it (CONNECT host:port). */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'] as const;
