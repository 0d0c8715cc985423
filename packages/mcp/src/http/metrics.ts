/**
 * `GET /metrics` of the HTTP mode (`ROOM_MCP_ADMIN_TOKEN`, >= 16 characters): Prometheus text behind
 * `Authorization: Bearer <token>`, a plain 404 without it. Per process, in a registry of its own;
 * labels are HTTP statuses only, never a caller, key or session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { sameSecret } from './caller-auth.js';
import { bearerOf } from './guards.js';

const MIN_TOKEN_LENGTH = 16;

export interface McpMetrics {
  /** Counts `res` by its status once it is sent. */
  track(res: ServerResponse): void;
  /** Answers `GET /metrics`: the metrics with the right Bearer, else false (the caller's 404). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createMcpMetrics(token: string, sessions: () => number): McpMetrics {
  if (token.length < MIN_TOKEN_LENGTH)
    throw new RangeError(`startHttpServer: the admin token (ROOM_MCP_ADMIN_TOKEN) must be at least ${MIN_TOKEN_LENGTH} characters`);
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const responses = new Counter({
    name: 'room_restyler_mcp_http_responses_total',
    help: 'HTTP answers of the MCP endpoint by status (401/403: refused callers, 429/503: session caps)',
    labelNames: ['status'],
    registers,
  });
  new Gauge({
    name: 'room_restyler_mcp_sessions',
    help: 'MCP sessions open on this process',
    registers,
    collect() {
      this.set(sessions());
    },
  });
  return {
    track(res) {
      res.once('finish', () => responses.inc({ status: String(res.statusCode) }));
    },
    async serve(req, res) {
      const bearer = bearerOf(req.headers.authorization);
      if (bearer === undefined || !sameSecret(bearer, token)) return false;
      const text = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(text);
      return true;
    },
  };
}
