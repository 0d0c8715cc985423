/** The flags and help text of `room-restyler-proxy`. */
import type { FlagSpecs } from '@room-restyler/core/cli';

export const DEFAULT_PORT = 8787;

export const PROXY_FLAGS = {
  port: { kind: 'string' },
  host: { kind: 'string' },
  simulate: { kind: 'boolean' },
  check: { kind: 'boolean' },
  'image-origin': { kind: 'list' },
} as const satisfies FlagSpecs;

export const USAGE = `Usage: room-restyler-proxy [--port N] [--host H] [--simulate] [--image-origin URL]...
       room-restyler-proxy --check

Serves the browser-facing mirror of the room generation service (/api/v1/enhance, /api/v1/restyle,
/api/v1/prediction/{handle}[/events]) plus /api/v1/uploads and /healthz, adding the API key server-side.

  --port N       port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H       interface to bind (default 127.0.0.1)
  --simulate     run an in-process simulator of the service instead of calling it (no key needed;
                 needs the @room-restyler/simulator package)
  --image-origin URL
                 the only origin image_url may name besides the proxy's own uploads; repeat for
                 several (default: any public http(s) host; also ROOM_PROXY_IMAGE_ORIGINS, comma-separated)
  --check        verify the configuration (service and key via GET /me, Redis, sharp, upload folder,
                 widget, allowed origins, public URL), one line each; exit 1 on any failure
  -h, --help     show this help
  -v, --version  print the version

Environment: ROOM_API_KEY (required unless --simulate), ROOM_API_BASE_URL, ROOM_PROXY_SECRET,
ROOM_PROXY_PUBLIC_URL, ROOM_PROXY_ALLOWED_ORIGINS, ROOM_PROXY_TRUST_PROXY (true, false or a hop count),
ROOM_PROXY_IMAGE_ORIGINS, ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS (true: loopback/private image_url, local use only),
ROOM_PROXY_IMAGE_PORTS (ports a public image_url may name besides 80/443, comma-separated; default none),
ROOM_PROXY_NETWORK_PREFIX_V4 and ROOM_PROXY_NETWORK_PREFIX_V6 (the network that shares one part of the daily
budget: default 24 and 48; per-IP limits count IPv6 per /64),
ROOM_UPLOAD_TOKEN (>= 16 characters: uploads with Authorization: Bearer <token>, e.g. from room-restyler-mcp,
skip the visitor upload limits),
ROOM_PROXY_REDIS_URL and ROOM_PROXY_REDIS_PREFIX (several instances sharing state),
ROOM_PROXY_UPSTREAM_TIMEOUT_MS (1000-600000, default 30000: how long a call to the service may take),
ROOM_SIM_LATENCY (MIN-MAX ms of simulated jobs, with --simulate).`;
