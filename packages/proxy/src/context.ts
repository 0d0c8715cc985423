/** What every route handler gets: the resolved options and the proxy's shared services, and the request's scope. */
import type { StartLedger } from '@room-restyler/core/internal';
import type { Readiness } from './health/readiness.js';
import type { ProxyRequest } from './http/proxy-request.js';
import { appendCookie, type Reply } from './http/responses.js';
import type { JobHub } from './jobs/job-hub.js';
import type { TakeStreamSlot } from './limits/stream-slots.js';
import type { Logger } from './log.js';
import type { ResolvedOptions } from './options.js';
import type { Sealer, Signer } from './security/keys.js';
import type { UploadOrigins } from './security/upload-origins.js';
import { resolveVisitor, type Visitor } from './security/visitor-cookie.js';
import type { ProxyStore } from './state/store.js';
import type { WriteBehind } from './state/write-behind.js';
import type { Upstream } from './upstream/upstream.js';

export interface ProxyContext {
  options: ResolvedOptions;
  /** Signs visitor cookies. */
  signer: Signer;
  /** Seals handles. */
  sealer: Sealer;
  store: ProxyStore;
  /** Writes that must reach the store even when it fails at the moment they are due. */
  writeBehind: WriteBehind;
  /** Starts of generations not yet resolved, and the jobs the proxy knows (for reconciliation). */
  starts: StartLedger;
  hub: JobHub;
  /** A slot for an event stream, within the visitor's and this instance's caps. */
  takeStreamSlot: TakeStreamSlot;
  upstream: Upstream;
  readiness: Readiness;
  log: Logger;
}

export interface RequestScope {
  request: ProxyRequest;
  /** The handle or upload id in the path, when the route has one. */
  param: string | undefined;
  /** The client IP, or `unknown` when the runtime gave none (all such clients share one bucket). */
  ip: string;
  /** Where the proxy's own uploads live, from configuration; undefined without uploads or when unknown. */
  uploadOrigins: UploadOrigins | undefined;
}

export function visitorOf(context: ProxyContext, request: ProxyRequest): Promise<Visitor> {
  return resolveVisitor(request, context.signer, context.options.prefix || '/', context.options.cookie);
}

/** Adds the visitor cookie the proxy just issued, if any. */
export function withVisitor(reply: Reply, visitor: Visitor): Reply {
  if (visitor.setCookie) appendCookie(reply, visitor.setCookie);
  return reply;
}
