/** Command-line arguments of `room-restyler-mcp`. */
import { parseArgs } from 'node:util';

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'stdio' }
  | { kind: 'http'; port: number; host: string; allowedHosts: string[] };

export const USAGE = `room-restyler-mcp — MCP server to stage and restyle room photos

Usage:
  room-restyler-mcp                          MCP over stdio (what desktop clients start)
  room-restyler-mcp --http [--port N] [--host H] [--allowed-host NAME]...
                                             Streamable HTTP (stateless) at http://H:N/mcp
  room-restyler-mcp --help | --version

Options:
  --http               serve Streamable HTTP instead of stdio
  --port N             HTTP port (default 3333; 0 picks a free one)
  --host H             HTTP bind address (default 127.0.0.1)
  --allowed-host NAME  accept this name in the Host header (repeatable; loopback names always allowed)

Environment:
  ROOM_API_KEY         the service API key (required for the tools; the server starts without it)
  ROOM_API_BASE_URL    origin of the service, e.g. http://127.0.0.1:4010 for a local simulator
  ROOM_UPLOAD_URL      upload route for image_path, e.g. http://127.0.0.1:8787/api/v1/uploads (room-restyler-proxy)
  ROOM_MCP_TOKEN       HTTP only: require Authorization: Bearer <token>

Logs go to stderr; in stdio mode stdout carries only the protocol.`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  if (!values.http) {
    if (values.port !== undefined || values.host !== undefined || values['allowed-host'] !== undefined)
      throw new UsageError('--port, --host and --allowed-host need --http');
    return { kind: 'stdio' };
  }
  const port = Number(values.port ?? 3333);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer 0–65535 (got "${values.port}")`);
  return { kind: 'http', port, host: values.host ?? '127.0.0.1', allowedHosts: values['allowed-host'] ?? [] };
}
