/**
 * Streamable HTTP, stateless: every POST gets a fresh server and transport (no session to keep,
 * so any instance behind a load balancer can answer). Guarded by Host/Origin validation and an
 * optional bearer token; errors are JSON-RPC shaped JSON.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { bearerMatches, hostAllowed, hostnameOf, LOOPBACK_HOSTNAMES, originAllowed } from './guards.js';

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Hostnames accepted in the Host header besides loopback names and `host` itself. */
  allowedHosts?: readonly string[] | undefined;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** A fresh MCP server per request. */
  createServer: () => McpServer;
  log?: ((line: string) => void) | undefined;
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

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`http: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal server error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, allowed) || !originAllowed(req.headers.origin, allowed))
      return rpcError(res, 403, -32000, 'Forbidden: this Host or Origin is not allowed (start the server with --allowed-host to add one)');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz' && req.method === 'GET') return json(res, 200, { ok: true });
    if (path !== MCP_PATH) return json(res, 404, { error: `Not found; the MCP endpoint is ${MCP_PATH}` });
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return rpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <ROOM_MCP_TOKEN>');
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless, use POST');
    }
    const mcp = options.createServer();
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
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

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  json(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}
