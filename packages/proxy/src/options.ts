/** `createRoomProxy` options, their defaults and their validation. */
import { type Clock, DurationHistory, type PollSchedule, systemClock } from '@room-restyler/core';
import { normalizeBaseUrl } from '@room-restyler/core/internal';
import { DEFAULT_LIMITS, type Limits } from './limits/limits.js';
import { jsonLinesLogger, type Logger } from './log.js';
import type { TrustProxy } from './security/client-ip.js';
import type { CookieOptions } from './security/visitor-cookie.js';
import type { ProxyStore } from './state/store.js';
import { type BodySpool, memorySpool } from './uploads/body-spool.js';
import type { ImageProcessor } from './uploads/image-processor.js';
import type { UploadStore } from './uploads/upload-store.js';
import { type ServedWidget, servedWidget, type WidgetSource } from './widget/widget-source.js';

export type AuthorizeRoute = 'enhance' | 'restyle' | 'upload';

export interface AuthorizeContext {
  route: AuthorizeRoute;
  visitor: string;
  ip: string;
}

/**
 * Runs before a generation or upload, after the body was read within its limit. `true` lets the
 * request through, `false` refuses it with 403, a `Response` is sent as is.
 */
export type AuthorizeHook = (request: Request, context: AuthorizeContext) => Promise<boolean | Response> | boolean | Response;

export interface UploadsOptions {
  store: UploadStore;
  processor: ImageProcessor;
  /** Where bodies wait while they are read. Default: memory; `createNodeUploads()` spools them to disk. */
  spool?: BodySpool | undefined;
  /**
   * The proxy's public origin (`ROOM_PROXY_PUBLIC_URL`, `https://www.site.example`): the upload URLs
   * it hands out (to visitors, to the service) point there, and an `image_url` there on the upload
   * path is one of its uploads. Default: the address the Node server accepted the connection on
   * (its socket, never `Host` or `X-Forwarded-Host`); required behind a reverse proxy or load
   * balancer, and on fetch handlers (Hono, Next.js), which know no address of their own.
   */
  publicUrl?: string | undefined;
  /** Default 15 MB. */
  maxBytes?: number | undefined;
  /** Decoded pixels above which an image is refused. Default 50 million. */
  maxPixels?: number | undefined;
  /** Long edge of the re-encoded image. Default 2048. */
  maxEdge?: number | undefined;
  /** Default 24 h. */
  ttlMs?: number | undefined;
  /** How long a signed upload URL (the upload's answer, the one given to the service) reads it. Default 1 h. */
  urlTtlMs?: number | undefined;
  /** The whole upload body must arrive within this. Default 60 s. */
  timeoutMs?: number | undefined;
}

export interface RoomProxyOptions {
  /**
   * The service key (`ROOM_API_KEY`). Sent upstream only; never in a response or a log line.
   * `undefined` is accepted so `process.env.ROOM_API_KEY` type-checks as pasted; the proxy then refuses to start, naming it.
   */
  apiKey: string | undefined;
  /** The service origin or `…/api/v1` as its docs give it (`ROOM_API_BASE_URL`); `/api/v1/...` is appended. `undefined`: as `apiKey`. */
  baseUrl: string | undefined;
  /** Where the proxy is mounted, e.g. `/room-api`. Default '' (the root). */
  prefix?: string | undefined;
  /** Signs visitor cookies and seals handles (≥ 16 characters). Default: random per process (handles die with it). */
  secret?: string | undefined;
  limits?: Partial<Limits> | undefined;
  /** Whether `X-Forwarded-For` names the client (true / number of proxies in front). Default false. */
  trustProxy?: TrustProxy | undefined;
  /** Browser origins allowed to call the proxy cross-origin (exact `scheme://host[:port]`). */
  allowedOrigins?: readonly string[] | undefined;
  /** When set, `image_url` must be on one of these origins or one of the proxy's own uploads (`ROOM_PROXY_IMAGE_ORIGINS`). */
  allowedImageOrigins?: readonly string[] | undefined;
  /**
   * Local development and tests only: forward `image_url` on loopback and private hosts too. Default
   * false: only public hosts (and the proxy's own uploads) — the service must not be aimed at your network.
   */
  allowPrivateImageUrls?: boolean | undefined;
  /**
   * Ports `image_url` may name on a public host besides the scheme's own (80 for http, 443 for
   * https), e.g. `[8443]` (`ROOM_PROXY_IMAGE_PORTS`). Default none: `example.com:6379` is refused.
   */
  allowedImagePorts?: readonly number[] | undefined;
  authorize?: AuthorizeHook | undefined;
  /**
   * `ROOM_UPLOAD_TOKEN` (≥ 16 characters): uploads with `Authorization: Bearer <token>` come from a trusted
   * server caller (the MCP server) and skip the visitor limits and `authorize`; a wrong token is a 401.
   */
  uploadToken?: string | undefined;
  /** Extra request headers browsers may send (CORS), e.g. a captcha token header. */
  allowedHeaders?: readonly string[] | undefined;
  /** JSON body cap. Default 16 KiB. */
  maxBodyBytes?: number | undefined;
  /** A JSON body must arrive within this. Default 10 s. */
  bodyTimeoutMs?: number | undefined;
  /** Lifetime of a handle. Default 24 h. */
  handleTtlMs?: number | undefined;
  /** How long an `Idempotency-Key` is remembered. Default 24 h. */
  idempotencyTtlMs?: number | undefined;
  /** Upstream call timeout. Default 30 s. */
  upstreamTimeoutMs?: number | undefined;
  /**
   * Image uploads; omitted → the upload routes answer 404 and a warning says so at start-up;
   * `false` → off without the warning. `createRoomProxy` of `@room-restyler/proxy/node` turns
   * them on by default (disk + sharp).
   */
  uploads?: UploadsOptions | false | undefined;
  /**
   * Where `GET {prefix}/room-restyler.js` finds the element's standalone bundle; omitted or `false`
   * → that route answers 404 `widget_unavailable`. `createRoomProxy` of `@room-restyler/proxy/node`
   * (and so `toNodeHandler`'s usual proxy and `startProxyServer`) reads the installed
   * `@room-restyler/element` by default (`elementWidget()`).
   */
  widget?: WidgetSource | false | undefined;
  cookie?: Partial<CookieOptions> | undefined;
  jobs?: Partial<JobOptions> | undefined;
  /** Shared state. Default: in memory (one process). */
  store?: ProxyStore | undefined;
  log?: Logger | undefined;
  fetch?: typeof fetch | undefined;
  clock?: Clock | undefined;
}

export interface JobOptions {
  /** When to poll a job, followed as is. Default: learned from `durations`, starting from core's DEFAULT_POLL_SCHEDULE. */
  schedule: PollSchedule | undefined;
  /** The durations of recent jobs per operation, which the schedule is learned from. Default: in this process's memory (it sees every job it polls). */
  durations: DurationHistory;
  /** Polling of a job stops this long after its last viewer. Default 30 s. */
  idleMs: number;
  /** Last known state of a job is kept this long. Default 1 h. */
  stateTtlMs: number;
  /** SSE comment heartbeat. Default 15 s. */
  heartbeatMs: number;
  /**
   * How long one instance's claim to poll a job lasts unrenewed: an instance that stops without handing
   * its jobs over (killed) is replaced after this. Default 30 s. (One shutting down hands over at once.)
   */
  leaseMs: number;
}

export interface ResolvedOptions {
  apiKey: string;
  baseUrl: string;
  prefix: string;
  secret: string;
  secretGenerated: boolean;
  limits: Limits;
  trustProxy: TrustProxy;
  allowedOrigins: ReadonlySet<string>;
  allowedImageOrigins: ReadonlySet<string> | undefined;
  allowPrivateImageUrls: boolean;
  allowedImagePorts: readonly number[];
  authorize: AuthorizeHook | undefined;
  uploadToken: string | undefined;
  allowedHeaders: readonly string[];
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  handleTtlMs: number;
  idempotencyTtlMs: number;
  upstreamTimeoutMs: number;
  uploads:
    | ({ [K in Exclude<keyof UploadsOptions, 'publicUrl'>]-?: NonNullable<UploadsOptions[K]> } & { publicUrl: string | undefined })
    | undefined;
  widget: (() => Promise<ServedWidget | undefined>) | undefined;
  cookie: CookieOptions;
  jobs: JobOptions;
  log: Logger;
  fetch: typeof fetch;
  clock: Clock;
}

const HOUR = 60 * 60 * 1000;
/** How long the one POST of a start may take before its outcome is unknown. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RangeError(`createRoomProxy: ${message}`);
}

export function resolveOptions(options: RoomProxyOptions): ResolvedOptions {
  check(typeof options.apiKey === 'string' && options.apiKey.trim() !== '', 'apiKey is required (ROOM_API_KEY)');
  const baseUrl = normalizeBaseUrl(typeof options.baseUrl === 'string' ? options.baseUrl : '');
  if (!baseUrl.ok) throw new RangeError(`createRoomProxy: baseUrl ${baseUrl.problem} (ROOM_API_BASE_URL)`);
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  check(prefix === '' || /^(\/[A-Za-z0-9._~-]+)+$/.test(prefix), 'prefix must look like /segment[/segment]');
  const secretGenerated = options.secret === undefined;
  const secret = options.secret ?? randomSecret();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits)) check(value >= 0 && !Number.isNaN(value), `limits.${name} must be a number >= 0`);
  check(limits.networkDailyShare <= 1, 'limits.networkDailyShare must be a share in 0..1');
  check(
    limits.ipv6Prefix <= 128 && limits.networkPrefixV6 <= 128 && limits.networkPrefixV4 <= 32,
    'limits: prefix lengths are at most 32 (IPv4) and 128 (IPv6)',
  );
  const uploads = options.uploads
    ? {
        store: options.uploads.store,
        processor: options.uploads.processor,
        spool: options.uploads.spool ?? memorySpool,
        publicUrl: options.uploads.publicUrl === undefined ? undefined : publicOrigin(options.uploads.publicUrl),
        maxBytes: options.uploads.maxBytes ?? 15 * 1024 * 1024,
        maxPixels: options.uploads.maxPixels ?? 50_000_000,
        maxEdge: options.uploads.maxEdge ?? 2048,
        ttlMs: options.uploads.ttlMs ?? 24 * HOUR,
        urlTtlMs: options.uploads.urlTtlMs ?? HOUR,
        timeoutMs: options.uploads.timeoutMs ?? 60_000,
      }
    : undefined;
  const allowedImagePorts = options.allowedImagePorts ?? [];
  check(
    allowedImagePorts.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535),
    'allowedImagePorts must be ports (1..65535)',
  );
  check(options.uploadToken === undefined || options.uploadToken.length >= 16, 'uploadToken must be at least 16 characters');
  const cookie: CookieOptions = { sameSite: 'Lax', maxAgeSeconds: 365 * 24 * 60 * 60, ...options.cookie };
  check(cookie.sameSite !== 'None' || cookie.secure !== false, 'cookie.sameSite None requires secure cookies');
  return {
    apiKey: options.apiKey,
    baseUrl: baseUrl.baseUrl,
    prefix,
    secret,
    secretGenerated,
    limits,
    trustProxy: options.trustProxy ?? false,
    allowedOrigins: new Set((options.allowedOrigins ?? []).map(originOf)),
    allowedImageOrigins: options.allowedImageOrigins ? new Set(options.allowedImageOrigins.map(originOf)) : undefined,
    allowPrivateImageUrls: options.allowPrivateImageUrls ?? false,
    allowedImagePorts,
    authorize: options.authorize,
    uploadToken: options.uploadToken,
    allowedHeaders: (options.allowedHeaders ?? []).map((h) => h.toLowerCase()),
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
    handleTtlMs: options.handleTtlMs ?? 24 * HOUR,
    idempotencyTtlMs: options.idempotencyTtlMs ?? 24 * HOUR,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    uploads,
    widget: options.widget ? servedWidget(options.widget) : undefined,
    cookie,
    jobs: {
      schedule: undefined,
      durations: new DurationHistory(),
      idleMs: 30_000,
      stateTtlMs: HOUR,
      heartbeatMs: 15_000,
      leaseMs: 30_000,
      ...options.jobs,
    },
    log: options.log ?? jsonLinesLogger,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock: options.clock ?? systemClock,
  };
}

function originOf(value: string): string {
  check(URL.canParse(value), `${JSON.stringify(value)} is not an absolute origin`);
  return new URL(value).origin;
}

/** `uploads.publicUrl` as an origin; a path would be silently dropped, so one is refused. */
function publicOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  check(
    url !== undefined && /^https?:$/.test(url.protocol) && url.pathname === '/' && url.search === '' && url.hash === '',
    `uploads.publicUrl must be an http(s) origin such as https://www.site.example (the prefix is added), got ${JSON.stringify(value)}`,
  );
  return url.origin;
}

function randomSecret(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
