/** The bin's flags, help text and settings from the environment (a value that cannot be read is a UsageError naming the variable). */
import { GENERATION_OPERATIONS, type GenerationOperation, isGenerationOperation } from '@room-restyler/core';
import { type FlagSpecs, readBaseUrl, readBoolean, readInteger, readRange, readUrl, UsageError } from '@room-restyler/core/cli';
import { DEFAULT_LIMITS } from '../limits/limits.js';
import { bareOrigin, DEFAULTS } from '../options.js';
import type { TrustProxy } from '../security/trusted-proxy.js';

type Reader<T> = (name: string, value: string) => T;

const text = (_name: string, value: string) => value;
const integer = (min: number, max: number) => (name: string, value: string) => readInteger(name, value, min, max);
/** A comma-separated list, blanks dropped. */
const list =
  <T>(read: Reader<T>) =>
  (name: string, value: string) =>
    value.split(',').flatMap((item) => (item.trim() ? [read(name, item.trim())] : []));

export type ProxyEnv = ReturnType<typeof proxyEnv>;

/** Each setting from its variable (the bin's usage says what each means), read when set and not blank. */
export function proxyEnv(env: Record<string, string | undefined>) {
  const read = <T>(name: string, reader: Reader<T>): T | undefined => {
    const value = env[name]?.trim();
    return value ? reader(name, value) : undefined;
  };
  return {
    apiKey: read('ROOM_API_KEY', text),
    baseUrl: read('ROOM_API_BASE_URL', readBaseUrl),
    secret: read('ROOM_PROXY_SECRET', text),
    publicUrl: read('ROOM_PROXY_PUBLIC_URL', readOrigin),
    allowedOrigins: read('ROOM_PROXY_ALLOWED_ORIGINS', list(text)),
    imageOrigins: read('ROOM_PROXY_IMAGE_ORIGINS', list(readUrl)),
    allowPrivateImageUrls: read('ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS', readBoolean) ?? false,
    imagePorts: read('ROOM_PROXY_IMAGE_PORTS', list(integer(1, 65_535))),
    limits: {
      networkPrefixV4: read('ROOM_PROXY_NETWORK_PREFIX_V4', integer(0, 32)),
      networkPrefixV6: read('ROOM_PROXY_NETWORK_PREFIX_V6', integer(0, 128)),
      stylesPerTry: read('ROOM_PROXY_STYLES_PER_TRY', integer(2, 16)),
    },
    trustProxy: read('ROOM_PROXY_TRUST_PROXY', readTrustProxy),
    uploadToken: read('ROOM_UPLOAD_TOKEN', readToken),
    adminToken: read('ROOM_PROXY_ADMIN_TOKEN', readToken),
    batchToken: read('ROOM_PROXY_BATCH_TOKEN', readToken),
    simulatorLatencyMs: read('ROOM_SIM_LATENCY', readRange),
    upstreamTimeoutMs: read('ROOM_PROXY_UPSTREAM_TIMEOUT_MS', integer(1_000, 600_000)),
    operations: read('ROOM_PROXY_OPERATIONS', list(readOperation)),
  };
}

/** The proxy adds its own prefix, so a path is refused. */
function readOrigin(name: string, value: string): string {
  const origin = bareOrigin(readUrl(name, value));
  if (origin === undefined)
    throw new UsageError(`${name} must be an origin such as https://www.site.example, without a path, got "${value}"`);
  return origin;
}

function readTrustProxy(name: string, value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return readInteger(name, value, 0, 100);
  throw new UsageError(`${name} must be true, false or a number of hops, got "${value}"`);
}

function readOperation(name: string, value: string): GenerationOperation {
  if (isGenerationOperation(value)) return value;
  throw new UsageError(`${name}: "${value}" is no operation of the service; known: ${GENERATION_OPERATIONS.join(', ')}`);
}

/** Said without the value: a short token is guessable, and the variable is what to fix. */
function readToken(name: string, value: string): string {
  if (value.length < 16) throw new UsageError(`${name} must be at least 16 characters (e.g. the output of \`openssl rand -hex 32\`)`);
  return value;
}

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

Serves the browser-facing mirror of the room generation service (the operations the site offers, e.g.
/api/v1/enhance, and /api/v1/prediction/{handle}[/events]) plus /api/v1/uploads and /healthz, adding the
API key server-side.

  --port N       port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H       interface to bind (default 127.0.0.1)
  --simulate     run an in-process simulator of the service instead of calling it (no key needed;
                 needs the @room-restyler/simulator package)
  --image-origin URL
                 the only origin image_url may name besides the proxy's own uploads; repeat for
                 several (default: any public http(s) host; also ROOM_PROXY_IMAGE_ORIGINS, comma-separated)
  --check        verify the configuration (service and key via GET /me, Redis, sharp, upload folder,
                 widget, allowed origins, public URL, operations offered), one line each; exit 1 on any failure
  -h, --help     show this help
  -v, --version  print the version

Environment: ROOM_API_KEY (required unless --simulate), ROOM_API_BASE_URL, ROOM_PROXY_SECRET,
ROOM_PROXY_PUBLIC_URL, ROOM_PROXY_ALLOWED_ORIGINS, ROOM_PROXY_TRUST_PROXY (true, false or a hop count),
ROOM_PROXY_IMAGE_ORIGINS, ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS (true: loopback/private image_url, local use only),
ROOM_PROXY_IMAGE_PORTS (ports a public image_url may name besides 80/443, comma-separated; default none),
ROOM_PROXY_NETWORK_PREFIX_V4 and ROOM_PROXY_NETWORK_PREFIX_V6 (the network that shares one part of the daily
budget: default ${DEFAULT_LIMITS.networkPrefixV4} and ${DEFAULT_LIMITS.networkPrefixV6}; per-IP limits count IPv6 per /${DEFAULT_LIMITS.ipv6Prefix}),
ROOM_PROXY_STYLES_PER_TRY (2-16, default ${DEFAULT_LIMITS.stylesPerTry}: the most styles a visitor's POST /api/v1/tries may ask for),
ROOM_UPLOAD_TOKEN (>= 16 characters: uploads with Authorization: Bearer <token>, e.g. from room-restyler-mcp,
skip the visitor upload limits),
ROOM_PROXY_ADMIN_TOKEN (>= 16 characters: turns on GET /metrics and the /admin page, each asking for
Authorization: Bearer <token>; unset: both 404),
ROOM_PROXY_BATCH_TOKEN (>= 16 characters: turns on /api/v1/batches for servers sending Authorization: Bearer <token>;
unset: 404),
ROOM_PROXY_REDIS_URL and ROOM_PROXY_REDIS_PREFIX (several instances sharing state),
ROOM_PROXY_UPSTREAM_TIMEOUT_MS (1000-600000, default ${DEFAULTS.upstreamTimeoutMs}: how long a call to the service may take),
ROOM_PROXY_OPERATIONS (the operations visitors may start, comma-separated operationIds; default
${DEFAULTS.operations.join(',')}),
ROOM_SIM_LATENCY (MIN-MAX ms of simulated jobs, with --simulate).`;
