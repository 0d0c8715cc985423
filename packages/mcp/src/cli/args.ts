/** Command-line arguments of `room-restyler-mcp`. */
import { resolve } from 'node:path';
import { type FlagSpecs, type FlagValues, readInteger, readPort, readUrl, UsageError } from '@room-restyler/core/cli';
import type { FileAccess } from '../files/file-access.js';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../http/session-table.js';

export type CliCommand =
  | { kind: 'stdio' }
  | {
      kind: 'http';
      port: number;
      host: string;
      allowedHosts: string[];
      stateless: boolean;
      files: FileAccess;
      byok: boolean;
      authorizationServers: string[];
      publicUrl: string | undefined;
      sessions: SessionLimits;
    };

export const MCP_FLAGS = {
  http: { kind: 'boolean' },
  port: { kind: 'string' },
  host: { kind: 'string' },
  'allowed-host': { kind: 'list' },
  stateless: { kind: 'boolean' },
  'files-root': { kind: 'string' },
  byok: { kind: 'boolean' },
  'oauth-issuer': { kind: 'list' },
  'public-url': { kind: 'string' },
  'session-idle-minutes': { kind: 'string' },
  'max-sessions': { kind: 'string' },
  'max-sessions-per-caller': { kind: 'string' },
  'confirm-credits-above': { kind: 'string' },
  check: { kind: 'boolean' },
} as const satisfies FlagSpecs;

export const USAGE = `room-restyler-mcp — MCP server to stage and restyle room photos

Usage:
  room-restyler-mcp [--confirm-credits-above N|off]
                                             MCP over stdio (what desktop clients start)
  room-restyler-mcp --http [--port N] [--host H] [--allowed-host NAME]... [--stateless] [--files-root DIR]
                    [--byok] [--oauth-issuer URL]... [--public-url URL]
                    [--session-idle-minutes N] [--max-sessions N] [--max-sessions-per-caller N]
                    [--confirm-credits-above N|off]
                                             Streamable HTTP (sessions) at http://H:N/mcp
  room-restyler-mcp --check [--http --files-root DIR]
                                             verify the configuration and exit (1 on any failure)
  room-restyler-mcp --help | --version

Options:
  --http               serve Streamable HTTP instead of stdio
  --port N             HTTP port (default 3333; 0 picks a free one)
  --host H             HTTP bind address (default 127.0.0.1)
  --allowed-host NAME  accept this name in the Host header (repeatable; loopback names always allowed)
  --stateless          no sessions: any instance can answer any request, but calls cannot be cancelled
                       and generations are never tasks
  --files-root DIR     let HTTP callers read photos (image_path) and save images (save_dir) inside DIR
                       only; without it the server's disk is out of their reach
  --byok               bring your own key: each caller's Authorization: Bearer <key> is the service key
                       of its session (ROOM_API_KEY is never spent for callers; excludes ROOM_MCP_TOKEN)
  --oauth-issuer URL   an OAuth authorization server that issues the bearer tokens: served in
                       /.well-known/oauth-protected-resource (repeatable); without one no OAuth metadata
                       is served and a 401 says to send the static token or key
  --public-url URL     the endpoint's public URL (https://mcp.example.com/mcp), for that metadata behind a proxy
  --session-idle-minutes N
                       close a session unused for N minutes (default 30; clients rarely end their sessions)
  --max-sessions N     sessions open at once (default 1000); past it new sessions get 503 with Retry-After
  --max-sessions-per-caller N
                       sessions open at once per caller — its key with --byok, else its address (default 20;
                       past it 429)
  --check              check the service and key (GET /me), sharp, the upload route and token, and
                       with --http the files root: one line each, then exit (1 on any failure)
  --confirm-credits-above N|off
                       clients that can ask their user (elicitation) confirm before a session spends
                       more than N credits (default 2); off never asks

Environment:
  ROOM_API_KEY         the service API key (required for the tools; the server starts without it)
  ROOM_API_BASE_URL    origin of the service, e.g. http://127.0.0.1:4010 for a local simulator
  ROOM_UPLOAD_URL      upload route for image_path, e.g. http://127.0.0.1:8787/api/v1/uploads (room-restyler-proxy)
  ROOM_UPLOAD_TOKEN    sent to ROOM_UPLOAD_URL; the proxy with the same token lifts its visitor upload limits
  ROOM_IMAGE_ORIGINS   origins of result images besides ROOM_API_BASE_URL's (comma-separated), which the
                       MCP App may load
  ROOM_MCP_TOKEN       HTTP only: require Authorization: Bearer <token>
  ROOM_MCP_ADMIN_TOKEN HTTP only (>= 16 characters): serve Prometheus metrics at GET /metrics to Authorization: Bearer <token>
  ROOM_CONFIRM_CREDITS_ABOVE  like --confirm-credits-above (the flag wins)
  ROOM_SCHEMA_DIALECT  tool schemas for every client: json-schema, openai-strict or gemini (default: by client name)

Logs go to stderr; in stdio mode stdout carries only the protocol.`;

export function commandFromFlags(flags: FlagValues<typeof MCP_FLAGS>): CliCommand {
  if (!flags.http) {
    const httpOnly = [
      flags.port,
      flags.host,
      flags['allowed-host'],
      flags.stateless || undefined,
      flags['files-root'],
      flags.byok || undefined,
      flags['oauth-issuer'],
      flags['public-url'],
      flags['session-idle-minutes'],
      flags['max-sessions'],
      flags['max-sessions-per-caller'],
    ];
    if (httpOnly.some((value) => value !== undefined))
      throw new UsageError(
        '--port, --host, --allowed-host, --stateless, --files-root, --byok, --oauth-issuer, --public-url and the session limits need --http',
      );
    return { kind: 'stdio' };
  }
  return {
    kind: 'http',
    port: flags.port === undefined ? 3333 : readPort('--port', flags.port),
    host: flags.host ?? '127.0.0.1',
    allowedHosts: flags['allowed-host'] ?? [],
    stateless: flags.stateless ?? false,
    // HTTP callers are not the user of this machine: its disk stays out of their reach unless a root is given.
    files: flags['files-root'] === undefined ? 'off' : { root: resolve(flags['files-root']) },
    byok: flags.byok ?? false,
    authorizationServers: (flags['oauth-issuer'] ?? []).map((url) => readUrl('--oauth-issuer', url)),
    publicUrl: flags['public-url'] === undefined ? undefined : readUrl('--public-url', flags['public-url']),
    sessions: {
      idleMs: readOr('--session-idle-minutes', flags['session-idle-minutes'], 1, 24 * 60, DEFAULT_SESSION_LIMITS.idleMs / 60_000) * 60_000,
      max: readOr('--max-sessions', flags['max-sessions'], 1, 1_000_000, DEFAULT_SESSION_LIMITS.max),
      maxPerCaller: readOr(
        '--max-sessions-per-caller',
        flags['max-sessions-per-caller'],
        1,
        1_000_000,
        DEFAULT_SESSION_LIMITS.maxPerCaller,
      ),
    },
  };
}

function readOr(name: string, value: string | undefined, min: number, max: number, otherwise: number): number {
  return value === undefined ? otherwise : readInteger(name, value, min, max);
}
