/** What every route handler gets: the resolved options and the proxy's shared services, and the request's scope. */
import type { ProxyRequest } from './http/proxy-request.js';
import { appendCookie, type Reply } from './http/responses.js';
import type { JobHub } from './jobs/job-hub.js';
import type { Logger } from './log.js';
import type { ResolvedOptions } from './options.js';
import type { MatchedRoute } from './routes/table.js';
import type { Signer } from './security/signer.js';
import { resolveVisitor, type Visitor } from './security/visitor-cookie.js';
import type { ProxyStore } from './state/store.js';
import type { Upstream } from './upstream/upstream.js';

export interface ProxyContext {
  options: ResolvedOptions;
  signer: Signer;
  store: ProxyStore;
  hub: JobHub;
  upstream: Upstream;
  log: Logger;
}

export interface RequestScope {
  request: ProxyRequest;
  route: MatchedRoute;
  /** The client IP, or `unknown` when the runtime gave none (all such clients share one bucket). */
  ip: string;
}

export function visitorOf(context: ProxyContext, request: ProxyRequest): Promise<Visitor> {
  return resolveVisitor(request, context.signer, context.options.prefix || '/', context.options.cookie);
}

/** Adds the visitor cookie the proxy just issued, if any. */
export function withVisitor(reply: Reply, visitor: Visitor): Reply {
  if (visitor.setCookie) appendCookie(reply, visitor.setCookie);
  return reply;
}
