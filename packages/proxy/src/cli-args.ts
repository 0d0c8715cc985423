/** Arguments of `room-restyler-proxy [--port N] [--host H] [--simulate]`. */

export interface CliArgs {
  port: number;
  host: string;
  simulate: boolean;
  help: boolean;
}

export const USAGE = `Usage: room-restyler-proxy [--port N] [--host H] [--simulate]

Serves the browser-facing mirror of the room generation service (/api/v1/enhance, /api/v1/restyle,
/api/v1/prediction/{handle}[/events]) plus /api/v1/uploads and /healthz, adding the API key server-side.

  --port N      port to listen on (default 8787; 0 picks a free one)
  --host H      interface to bind (default 127.0.0.1)
  --simulate    run an in-process simulator of the service instead of calling it (no key needed)

Environment: ROOM_API_KEY (required unless --simulate), ROOM_API_BASE_URL, ROOM_PROXY_SECRET,
ROOM_PROXY_PUBLIC_URL, ROOM_PROXY_UPLOAD_DIR, ROOM_PROXY_ALLOWED_ORIGINS, ROOM_PROXY_TRUST_PROXY,
ROOM_PROXY_REDIS_URL and ROOM_PROXY_REDIS_PREFIX (several instances sharing state),
ROOM_SIMULATOR_LATENCY (MIN-MAX ms, with --simulate).`;

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { port: 8787, host: '127.0.0.1', simulate: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('--port must be an integer in 0..65535');
      args.port = port;
    } else if (arg === '--host') args.host = value();
    else if (arg === '--simulate') args.simulate = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}
