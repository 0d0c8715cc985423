/**
 * `createRoomProxy`: one fetch-standard handler that runs on Node, Bun, Deno and edge runtimes; deny by
 * default. `proxy.handleView` is the same core over a request view, for the Node adapter (no fetch Request per poll).
 */
import { StartLedger } from '@room-restyler/core/internal';
import type { ProxyContext } from './context.js';
import { createReadiness } from './health/readiness.js';
import { type ProxyRequest, pathOf } from './http/proxy-request.js';
import { JsonReply, ProxyHttpError, type Reply, routeNotFound, setReplyHeader, toResponse } from './http/responses.js';
import { JobHub } from './jobs/job-hub.js';
import { createRequestLog, redactingLogger } from './log.js';
import { observedLogger } from './metrics/observer.js';
import { type ResolvedOptions, type RoomProxyOptions, resolveOptions } from './options.js';
import { matchRoute, type RouteName, routesAt } from './routes/table.js';
import { checkOrigin, NO_CORS, preflightResponse } from './security/cors.js';
import { createSealer, createSigner } from './security/keys.js';
import { clientIpReader, withForwardedOrigin } from './security/trusted-proxy.js';
import { uploadOriginsOf } from './security/upload-origins.js';
import { createMemoryStore, guardStore } from './state/store.js';
import { WriteBehind } from './state/write-behind.js';
import { traced, tracedFetch } from './tracing/tracing.js';
import { createUpstream } from './upstream/upstream.js';
import { randomId } from './util/base64url.js';

/** What the runtime knows about the connection that the Request itself does not carry. */
export interface ConnectionInfo {
  /** The socket's remote address. */
  clientIp?: string | undefined;
  /**
   * The origins the connection reached the server on, as the server knows them (its socket's local
   * address, never a request header); the first is where upload URLs point when `uploads.publicUrl`
   * is unset. The Node adapter passes them; without them, uploads need `publicUrl`.
   */
  serverOrigins?: readonly string[] | undefined;
}

/** The core behind the fetch handler: a request view in, a reply out (the proxy's own JSON as data). */
export type ViewHandler = (request: ProxyRequest, connection?: ConnectionInfo) => Promise<Reply>;

export type RoomProxy = ((request: Request, connection?: ConnectionInfo) => Promise<Response>) & {
  /** The mount prefix the proxy was created with. */
  readonly prefix: string;
  /** Stops pollers, ends event streams and timers. */
  close(): Promise<void>;
  /** The same handler over a request view (`toNodeHandler` calls it); not enumerable, so a site's wrapper never carries it. */
  readonly handleView?: ViewHandler;
};

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Said once at start-up: without uploads a visitor's photo is refused, which reads like an outage. */
export const UPLOADS_OFF =
  'image uploads are off: no uploads option was given, so visitors cannot use their own photos (on Node, createRoomProxy from @room-restyler/proxy/node turns them on when sharp is installed; uploads: false silences this)';

export function createRoomProxy(proxyOptions: RoomProxyOptions): RoomProxy {
  const options = resolveOptions(proxyOptions);
  const admin = proxyOptions.admin;
  const log = observedLogger(redactingLogger(options.log, [options.apiKey]), admin);
  const store = guardStore(proxyOptions.store ?? createMemoryStore({ now: () => options.clock.now() }));
  const upstream = createUpstream({ ...options, log, fetch: tracedFetch(options.fetch, admin && ((call) => admin.upstreamCalled(call))) });
  const hub = new JobHub({
    ...options.jobs,
    store,
    upstream,
    clock: options.clock,
    waitMs: options.upstreamTimeoutMs + 5_000,
    instanceId: randomId(12),
    log,
    limits: options.limits,
  });
  const readiness = createReadiness({ store, upstream, now: () => options.clock.now() });
  const starts = new StartLedger(store, { upstreamTimeoutMs: options.upstreamTimeoutMs });
  const writeBehind = new WriteBehind({ now: () => options.clock.now(), log, maxAgeMs: starts.pendingTtlMs });
  const context: ProxyContext = {
    options,
    signer: createSigner(options.secret),
    sealer: createSealer(options.secret, 'handles'),
    store,
    writeBehind,
    starts,
    hub,
    upstream,
    readiness,
    log,
  };
  admin?.attach({ clock: options.clock, limits: options.limits, store, hub });
  if (options.secretGenerated) {
    log({
      level: 'warn',
      msg: 'no secret configured: visitor cookies and handles are signed and sealed with a random per-process secret and will not survive a restart (set ROOM_PROXY_SECRET)',
    });
  }
  if (proxyOptions.uploads === undefined) log({ level: 'warn', msg: UPLOADS_OFF });
  const requestLog = createRequestLog(log, options.clock);
  const clientIp = clientIpReader(options.trustProxy, log);
  const sweeper = options.uploads && startSweeper(context, options.uploads);

  const core = async (received: ProxyRequest, connection?: ConnectionInfo): Promise<Reply> => {
    // As the browser addressed it (https://www.site.example), when the site's own reverse proxies say so.
    const request = withForwardedOrigin(received, options.trustProxy);
    const started = Date.now();
    let cors = NO_CORS;
    let route: RouteName | undefined;
    let response: Reply;
    let thrown: unknown;
    try {
      const path = pathOf(request);
      const routes = routesAt(path, options.prefix);
      // Public code (the widget's script) is readable from any origin: no origin is refused there.
      cors = routes.length > 0 && routes.every((candidate) => candidate.public) ? NO_CORS : checkOrigin(request, options.allowedOrigins);
      if (request.method === 'OPTIONS') {
        if (routes.length === 0) throw routeNotFound();
        return preflightResponse(cors, options.allowedHeaders);
      }
      const adminReply =
        admin && request.method === 'GET' && path.startsWith(options.prefix) && admin.serve(path.slice(options.prefix.length), request);
      if (adminReply) return await adminReply;
      const matched = matchRoute(routes, request.method);
      route = matched.name;
      const ip = clientIp(request, connection?.clientIp);
      const uploadOrigins = options.uploads && uploadOriginsOf(options.uploads.publicUrl, connection?.serverOrigins);
      const scope = { request, param: matched.param, ip, uploadOrigins };
      response = await traced(matched.name, async () => matched.handler(context, scope));
    } catch (error) {
      thrown = error;
      response = errorReply(error, log);
    }
    if (cors !== NO_CORS) for (const [name, value] of Object.entries(cors)) setReplyHeader(response, name, value);
    if (request.method === 'HEAD') {
      // A body a HEAD never sends is cancelled, so whatever feeds it (an event stream's watch) stops now.
      if (!(response instanceof JsonReply)) response.body?.cancel().catch(() => {});
      response =
        response instanceof JsonReply ? response.withoutBody() : new Response(null, { status: response.status, headers: response.headers });
    }
    const answer = { method: request.method, route: route ?? 'none', status: response.status, ms: Date.now() - started, error: thrown };
    requestLog.answered(answer);
    admin?.answered(answer);
    return response;
  };

  const handler = async (request: Request, connection?: ConnectionInfo): Promise<Response> => toResponse(await core(request, connection));
  return Object.defineProperty(
    Object.assign(handler, {
      prefix: options.prefix,
      async close() {
        if (sweeper) clearInterval(sweeper);
        await hub.close();
        await writeBehind.close();
        requestLog.close();
      },
    }),
    'handleView',
    { value: core, enumerable: false },
  );
}

function errorReply(error: unknown, log: (entry: { level: 'error'; msg: string; error: string }) => void): JsonReply {
  if (error instanceof ProxyHttpError) return error.toReply();
  log({ level: 'error', msg: 'unexpected error', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  return new ProxyHttpError(500, 'internal_error', 'The proxy failed to handle this request').toReply();
}

/** Deletes expired uploads periodically; reads check expiry themselves, so this only frees space. */
function startSweeper({ options, log }: ProxyContext, uploads: NonNullable<ResolvedOptions['uploads']>): ReturnType<typeof setInterval> {
  const sweep = () =>
    uploads.store
      .sweep(options.clock.now())
      .catch((error: unknown) => log({ level: 'error', msg: 'upload sweep failed', error: String(error) }));
  const timer = setInterval(sweep, Math.min(SWEEP_INTERVAL_MS, uploads.ttlMs));
  // Node: don't keep the process alive for the sweeper alone.
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
