/** `createRoomProxy` options, their defaults and their validation. */
import {
  type Clock,
  DurationHistory,
  GENERATION_OPERATIONS,
  type GenerationOperation,
  isGenerationOperation,
  type PollSchedule,
  systemClock,
} from '@room-restyler/core';
import { normalizeBaseUrl } from '@room-restyler/core/internal';
import { DEFAULT_LIMITS, type Limits } from './limits/limits.js';
import { jsonLinesLogger, type Logger } from './log.js';
import type { ProxyAdmin } from './metrics/observer.js';
import type { TrustProxy } from './security/trusted-proxy.js';
import type { CookieOptions } from './security/visitor-cookie.js';
import type { ProxyStore } from './state/store.js';
import { type ImageProcessor, memorySpool, type UploadStore } from './uploads/interfaces.js';
import { randomId } from './util/base64url.js';
import { servedWidget, type WidgetSource } from './widget/widget-source.js';

export type AuthorizeRoute = GenerationOperation | 'upload';

export interface AuthorizeContext {
  route: AuthorizeRoute;
  visitor: string;
  ip: string;
}

/** Runs before a generation or upload, its body read: `true` lets it through, `false` is a 403, a `Response` is sent as is. */
export type AuthorizeHook = (request: Request, context: AuthorizeContext) => Promise<boolean | Response> | boolean | Response;

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;
/** Each field optional; one given as `undefined` takes its default. */
type Defaulted<T> = { [K in keyof T]?: T[K] | undefined };

/** The plain options, by their defaults (`--check` says them too). */
export const DEFAULTS = {
  /** Where the proxy is mounted, e.g. `/room-api`. */
  prefix: '',
  /** The operations visitors may start (`ROOM_PROXY_OPERATIONS`), by operationId. */
  operations: ['enhance', 'restyle', 'emptyRoom'] as readonly GenerationOperation[],
  /** Browser origins allowed to call the proxy cross-origin (exact `scheme://host[:port]`). */
  allowedOrigins: [] as readonly string[],
  /** Ports `image_url` may name besides the scheme's own, e.g. `[8443]` (`ROOM_PROXY_IMAGE_PORTS`); `:6379` is refused. */
  allowedImagePorts: [] as readonly number[],
  /** Extra request headers browsers may send (CORS), e.g. a captcha token header. */
  allowedHeaders: [] as readonly string[],
  /** Whether `X-Forwarded-For` names the client (true / number of proxies in front). */
  trustProxy: false as TrustProxy,
  /** Local development and tests only: forward `image_url` on private hosts too (never aim the service at your network). */
  allowPrivateImageUrls: false,
  /** JSON body cap. */
  maxBodyBytes: 16 * 1024,
  /** A JSON body must arrive within this. */
  bodyTimeoutMs: 10_000,
  /** Lifetime of a handle. */
  handleTtlMs: 24 * HOUR,
  /** How long an `Idempotency-Key` is remembered. */
  idempotencyTtlMs: 24 * HOUR,
  /** How long the one POST of a start may take before its outcome is unknown. */
  upstreamTimeoutMs: 30_000,
  log: jsonLinesLogger as Logger,
  // Called unbound: a runtime's own fetch called as a method of the options is an illegal invocation.
  fetch: ((input, init) => globalThis.fetch(input, init)) as typeof fetch,
  clock: systemClock as Clock,
};

const UPLOAD_DEFAULTS = {
  maxBytes: 15 * MB,
  /** A mask upload (`?kind=mask`, a PNG). */
  maxMaskBytes: 5 * MB,
  /** Decoded pixels above which an image is refused. */
  maxPixels: 50_000_000,
  /** Long edge of the re-encoded image. */
  maxEdge: 2048,
  ttlMs: 24 * HOUR,
  /** How long a signed upload URL (the upload's answer, the one given to the service) reads it. */
  urlTtlMs: HOUR,
  /** The whole upload body must arrive within this. */
  timeoutMs: 60_000,
  /** Where bodies wait while they are read; `createNodeUploads()` spools them to disk. */
  spool: memorySpool,
};

export interface UploadsOptions extends Defaulted<typeof UPLOAD_DEFAULTS> {
  store: UploadStore;
  processor: ImageProcessor;
  /**
   * The proxy's public origin (`ROOM_PROXY_PUBLIC_URL`): where its upload URLs point. Default: the address the Node server's
   * socket accepted (never `Host`); required behind a reverse proxy or load balancer, and on Hono and Next.js.
   */
  publicUrl?: string | undefined;
}

/** A function, so that each proxy learns its own `durations`. */
const jobDefaults = () => ({
  /** When to poll a job, followed as is. Default: learned from `durations`, starting from core's DEFAULT_POLL_SCHEDULE. */
  schedule: undefined as PollSchedule | undefined,
  /** Recent job durations per operation, which the schedule is learned from (in memory, it sees every job it polls). */
  durations: new DurationHistory(),
  /** Polling of a job stops this long after its last viewer. */
  idleMs: 30_000,
  /** Last known state of a job is kept this long. */
  stateTtlMs: HOUR,
  /** SSE comment heartbeat. */
  heartbeatMs: 15_000,
  /** How long an instance's claim to poll a job lasts unrenewed: a killed instance is replaced after this. */
  leaseMs: 30_000,
});

export type JobOptions = ReturnType<typeof jobDefaults>;

export interface RoomProxyOptions extends Defaulted<typeof DEFAULTS> {
  /** The service key (`ROOM_API_KEY`), sent upstream only. `undefined` lets `process.env.ROOM_API_KEY` type-check: refused at start. */
  apiKey: string | undefined;
  /** The service origin or `…/api/v1` as its docs give it (`ROOM_API_BASE_URL`); `/api/v1/...` is appended. `undefined`: as `apiKey`. */
  baseUrl: string | undefined;
  /** Signs visitor cookies and seals handles (≥ 16 characters). Default: random per process (handles die with it). */
  secret?: string | undefined;
  limits?: Defaulted<Limits> | undefined;
  /** When set, `image_url` must be on one of these origins or one of the proxy's own uploads (`ROOM_PROXY_IMAGE_ORIGINS`). */
  allowedImageOrigins?: readonly string[] | undefined;
  authorize?: AuthorizeHook | undefined;
  /** `ROOM_UPLOAD_TOKEN` (≥ 16 chars): uploads bearing it (the MCP server's) skip visitor limits and `authorize`; a wrong one is 401. */
  uploadToken?: string | undefined;
  /** `ROOM_PROXY_BATCH_TOKEN` (≥ 16 chars): turns on `/api/v1/batches` for servers bearing it; unset, those paths are 404s. */
  batchToken?: string | undefined;
  /** Image uploads; omitted → 404 and a start-up warning; `false` → off, silently. `@room-restyler/proxy/node` turns them on. */
  uploads?: UploadsOptions | false | undefined;
  /** Where `GET {prefix}/room-restyler.js` finds the element's bundle (`@room-restyler/proxy/node`: the installed one); omitted → 404. */
  widget?: WidgetSource | false | undefined;
  cookie?: Partial<CookieOptions> | undefined;
  jobs?: Defaulted<JobOptions> | undefined;
  /** The operator's view: `/metrics`, `/admin` and the observer feeding them (`createProxyAdmin` on Node). Default: off (404). */
  admin?: ProxyAdmin | undefined;
  /** Shared state. Default: in memory (one process). */
  store?: ProxyStore | undefined;
}

export type ResolvedOptions = ReturnType<typeof resolveOptions>;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RangeError(`createRoomProxy: ${message}`);
}

/** `defaults`, each replaced by the given value when that is not undefined. */
function withDefaults<T extends object>(defaults: T, given: Defaulted<T> = {}): T {
  const defined = Object.entries(given).filter(([key, value]) => key in defaults && value !== undefined);
  return { ...defaults, ...Object.fromEntries(defined) };
}

export function resolveOptions(options: RoomProxyOptions) {
  const given = withDefaults(DEFAULTS, options);
  check(typeof options.apiKey === 'string' && options.apiKey.trim() !== '', 'apiKey is required (ROOM_API_KEY)');
  check(
    typeof options.baseUrl === 'string' && options.baseUrl.trim() !== '',
    'baseUrl is required (ROOM_API_BASE_URL): the service origin or …/api/v1, e.g. https://api.bright-shot.com/api/v1',
  );
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  if (!baseUrl.ok) throw new RangeError(`createRoomProxy: baseUrl ${baseUrl.problem} (ROOM_API_BASE_URL)`);
  const prefix = given.prefix.replace(/\/+$/, '');
  check(prefix === '' || /^(\/[A-Za-z0-9._~-]+)+$/.test(prefix), 'prefix must look like /segment[/segment]');
  const limits = withDefaults<Limits>(DEFAULT_LIMITS, options.limits);
  for (const [name, value] of Object.entries(limits)) check(value >= 0 && !Number.isNaN(value), `limits.${name} must be a number >= 0`);
  check(limits.networkDailyShare <= 1, 'limits.networkDailyShare must be a share in 0..1');
  check(
    limits.ipv6Prefix <= 128 && limits.networkPrefixV6 <= 128 && limits.networkPrefixV4 <= 32,
    'limits: prefix lengths are at most 32 (IPv4) and 128 (IPv6)',
  );
  const uploads = options.uploads
    ? {
        ...options.uploads,
        ...withDefaults(UPLOAD_DEFAULTS, options.uploads),
        publicUrl: options.uploads.publicUrl === undefined ? undefined : publicOrigin(options.uploads.publicUrl),
      }
    : undefined;
  check(
    given.allowedImagePorts.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535),
    'allowedImagePorts must be ports (1..65535)',
  );
  check(options.uploadToken === undefined || options.uploadToken.length >= 16, 'uploadToken must be at least 16 characters');
  check(options.batchToken === undefined || options.batchToken.length >= 16, 'batchToken must be at least 16 characters');
  const cookie: CookieOptions = { sameSite: 'Lax', maxAgeSeconds: 365 * 24 * 60 * 60, ...options.cookie };
  check(cookie.sameSite !== 'None' || cookie.secure !== false, 'cookie.sameSite None requires secure cookies');
  return {
    ...options,
    ...given,
    apiKey: options.apiKey,
    baseUrl: baseUrl.baseUrl,
    prefix,
    secret: options.secret ?? randomId(32),
    secretGenerated: options.secret === undefined,
    limits,
    operations: offeredOperations(given.operations),
    allowedOrigins: new Set(given.allowedOrigins.map(originOf)),
    allowedImageOrigins: options.allowedImageOrigins ? new Set(options.allowedImageOrigins.map(originOf)) : undefined,
    allowedHeaders: given.allowedHeaders.map((h) => h.toLowerCase()),
    uploads,
    widget: options.widget ? servedWidget(options.widget) : undefined,
    cookie,
    jobs: withDefaults(jobDefaults(), options.jobs),
  };
}

function originOf(value: string): string {
  check(URL.canParse(value), `${JSON.stringify(value)} is not an absolute origin`);
  return new URL(value).origin;
}

/** An http(s) origin as written (a trailing slash aside), or undefined: a path would be silently dropped, so one is refused. */
export function bareOrigin(value: string): string | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const bare = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && url.search === '' && url.hash === '';
  return bare ? url.origin : undefined;
}

function publicOrigin(value: string): string {
  const origin = bareOrigin(value);
  check(
    origin !== undefined,
    `uploads.publicUrl must be an http(s) origin such as https://www.site.example (the prefix is added), got ${JSON.stringify(value)}`,
  );
  return origin;
}

function offeredOperations(given: readonly string[]): readonly GenerationOperation[] {
  const unknown = given.filter((operation) => !isGenerationOperation(operation));
  check(unknown.length === 0, `operations: unknown ${unknown.join(', ')} (known: ${GENERATION_OPERATIONS.join(', ')})`);
  check(given.length > 0, 'operations must name at least one operation');
  return [...new Set(given as GenerationOperation[])];
}
