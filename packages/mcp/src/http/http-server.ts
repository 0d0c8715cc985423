/**
 * Streamable HTTP. By default stateful: `initialize` opens a session (`Mcp-Session-Id`) with its own
 * server, so `notifications/cancelled` reaches the server running the call, and streams resume
 * after a dropped connection (`Last-Event-ID`). `stateless` keeps the old mode, where every POST gets
 * a fresh server and any instance behind a load balancer can answer (but nothing can be cancelled).
 * Guarded by Host/Origin validation and, when asked, a bearer credential: a shared token, or the
 * caller's own service key (bring-your-own-key), announced through OAuth protected-resource
 * metadata. Errors are JSON-RPC shaped JSON.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { authenticate, type Caller, type CallerAuth, keyFingerprint, sameFingerprint } from './caller-auth.js';
import { SessionEventStore } from './event-store.js';
import { hostAllowed, hostnameOf, LOOPBACK_HOSTNAMES, originAllowed } from './guards.js';
import { createMcpMetrics } from './metrics.js';
import {
  bearerChallenge,
  hasOAuth,
  isMetadataPath,
  type ResourceMetadataOptions,
  resourceMetadata,
  resourceUrl,
} from './resource-metadata.js';
import { DEFAULT_SESSION_LIMITS, type Refusal, type SessionLimits, SessionTable } from './session-table.js';

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Hostnames accepted in the Host header besides loopback names and `host` itself. */
  allowedHosts?: readonly string[] | undefined;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /**
   * Bring your own key: every request needs `Authorization: Bearer <service key>`, and the session's server
   * calls the service with that key (`createServer` gets it); a session stays bound to the key that opened it.
   * Excludes `token`.
   */
  byok?: boolean | undefined;
  /** Authorization servers issuing the bearer (`--oauth-issuer`): with one, OAuth protected-resource metadata is served. */
  authorizationServers?: readonly string[] | undefined;
  /** The endpoint's public URL, for the metadata's `resource` when a proxy in front changes it. */
  publicUrl?: string | undefined;
  /** One server per session (per request when `stateless`), for the caller (with BYOK, its key). */
  createServer: (caller: Caller) => McpServer;
  /** No sessions: a fresh server per POST, GET and DELETE refused. */
  stateless?: boolean | undefined;
  /** Idle expiry and caps of sessions (defaults: 30 min, 1,000, 20 per caller). */
  sessions?: Partial<SessionLimits> | undefined;
  /** The clock of session idleness (tests move it). */
  now?: (() => number) | undefined;
  /**
   * BYOK: whether the service accepts the caller's key (`GET /me`), asked before a session opens for it;
   * a refusal's message, or undefined. Answers are kept a while per key.
   */
  verifyKey?: ((apiKey: string) => Promise<string | undefined>) | undefined;
  log?: ((line: string) => void) | undefined;
  /** `ROOM_MCP_ADMIN_TOKEN` (>= 16 characters): serves `GET /metrics` to `Authorization: Bearer <token>`. Default: off (404). */
  adminToken?: string | undefined;
}

export interface RunningHttpServer {
  /** e.g. `http://127.0.0.1:3333/mcp` */
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const allowed = allowedHostnames(host, options.allowedHosts ?? []);
  if (options.byok && options.token) throw new RangeError('startHttpServer: byok and token both use Authorization; choose one');
  const auth: CallerAuth = options.byok ? { kind: 'byok' } : options.token ? { kind: 'token', token: options.token } : { kind: 'open' };
  const metadata: ResourceMetadataOptions = { publicUrl: options.publicUrl, authorizationServers: options.authorizationServers };
  const sessions = new SessionTable({ ...DEFAULT_SESSION_LIMITS, ...options.sessions }, options.now);
  const verified = options.verifyKey && keyVerifier(options.verifyKey);
  const metrics = options.adminToken === undefined ? undefined : createMcpMetrics(options.adminToken, () => sessions.size);

  const server = createServer((req, res) => {
    metrics?.track(res);
    handle(req, res).catch((error: unknown) => {
      log(`http: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal server error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, allowed) || !originAllowed(req.headers.origin, allowed))
      return rpcError(res, 403, -32000, 'Forbidden: this Host or Origin is not allowed (start the server with --allowed-host to add one)');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz' && req.method === 'GET') return json(res, 200, { ok: true, sessions: sessions.size });
    if (path === '/metrics' && req.method === 'GET' && (await metrics?.serve(req, res))) return;
    // Only a server that asks for a bearer issued by an authorization server has anything to say about getting one.
    if (auth.kind !== 'open' && hasOAuth(metadata) && isMetadataPath(path) && req.method === 'GET')
      return json(res, 200, resourceMetadata(resourceUrl(req, MCP_PATH, metadata), metadata));
    if (path !== MCP_PATH) return json(res, 404, { error: `Not found; the MCP endpoint is ${MCP_PATH}` });
    const authenticated = authenticate(auth, req.headers.authorization);
    if (!authenticated.ok) {
      res.setHeader('WWW-Authenticate', bearerChallenge(resourceUrl(req, MCP_PATH, metadata), metadata));
      return rpcError(res, 401, -32001, authenticated.message);
    }
    const { caller } = authenticated;
    if (options.stateless) return handleStateless(req, res, caller);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return rpcError(res, 404, -32001, 'Session not found: it ended or the server restarted; initialize a new one');
      // A session id alone must not let anyone spend the key of the caller who opened it.
      if (!sameFingerprint(session.key, keyFingerprint(caller)))
        return rpcError(res, 403, -32001, 'Forbidden: this session was opened with another key; initialize a new one');
      sessions.track(session, res);
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST')
      return rpcError(res, 400, -32000, 'Bad request: send Mcp-Session-Id (from the initialize response) with GET and DELETE');
    const key = keyFingerprint(caller);
    const callerId = key?.toString('hex') ?? req.socket.remoteAddress ?? '';
    const refused = sessions.refusal(callerId);
    if (refused) return refuse(res, refused);
    if (caller.apiKey !== undefined && verified) {
      const keyRefused = await verified(caller.apiKey, callerId).catch(() => CHECK_FAILED);
      if (keyRefused === CHECK_FAILED) return refuse(res, { status: 503, retryAfterS: 5, message: CHECK_FAILED });
      if (keyRefused) return rpcError(res, 401, -32001, keyRefused);
    }
    // A request without a session must be `initialize`; the transport refuses anything else.
    const mcp = options.createServer(caller);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: new SessionEventStore(),
      onsessioninitialized: (id) => sessions.add(id, { transport, key, caller: callerId }, res),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void mcp.close();
    };
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  }

  async function handleStateless(req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless, use POST');
    }
    const mcp = options.createServer(caller);
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  }

  server.listen(options.port, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    close: async () => {
      // Closing a session's transport aborts its calls in flight, so nothing keeps following jobs.
      await sessions.closeAll();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

function allowedHostnames(host: string, extra: readonly string[]): Set<string> {
  const names = new Set<string>(LOOPBACK_HOSTNAMES);
  // A wildcard bind address is never a name a client uses; specific ones are.
  for (const name of [host, ...extra]) {
    const hostname = hostnameOf(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
    if (hostname && hostname !== '0.0.0.0' && hostname !== '[::]') names.add(hostname);
  }
  return names;
}

/** Past a cap: 503 (the server is full) or 429 (this caller has enough), with when to try again. */
function refuse(res: ServerResponse, refusal: Refusal): void {
  res.setHeader('Retry-After', String(refusal.retryAfterS));
  rpcError(res, refusal.status, -32000, refusal.message);
}

/** Asks the service about a key once per `KEY_CHECK_TTL_MS` (a failed check is asked again); keys are remembered by fingerprint (`id`) only. */
function keyVerifier(verify: (apiKey: string) => Promise<string | undefined>) {
  const answers = new Map<string, { refusal: string | undefined; until: number }>();
  return async (apiKey: string, id: string): Promise<string | undefined> => {
    const known = answers.get(id);
    if (known && known.until > Date.now()) return known.refusal;
    const refusal = await verify(apiKey);
    if (answers.size >= MAX_KEYS_REMEMBERED) answers.delete(answers.keys().next().value as string);
    answers.set(id, { refusal, until: Date.now() + KEY_CHECK_TTL_MS });
    return refusal;
  };
}

const KEY_CHECK_TTL_MS = 10 * 60_000;
const CHECK_FAILED = 'Could not check this key with the service (GET /me); try again shortly';
const MAX_KEYS_REMEMBERED = 10_000;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  json(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}
