/** The proxy's settings from the environment. A value that cannot be read is a UsageError naming the variable. */
import { readBaseUrl, readBoolean, readInteger, readRange, readUrl, UsageError } from '@room-restyler/core/cli';
import type { Limits } from '../limits/limits.js';
import type { TrustProxy } from '../security/client-ip.js';

export interface ProxyEnv {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  secret: string | undefined;
  publicUrl: string | undefined;
  allowedOrigins: string[] | undefined;
  /** `ROOM_PROXY_IMAGE_ORIGINS`: the only origins `image_url` may name (besides the proxy's uploads). */
  imageOrigins: string[] | undefined;
  /** `ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS=true`: local development and tests only. */
  allowPrivateImageUrls: boolean;
  /** `ROOM_PROXY_IMAGE_PORTS`: ports a public `image_url` may name besides 80/443. */
  imagePorts: number[] | undefined;
  /** `ROOM_PROXY_NETWORK_PREFIX_V4` / `_V6`: the network of a daily-budget share (default /24, /48). */
  limits: Partial<Limits>;
  trustProxy: TrustProxy | undefined;
  /** `ROOM_UPLOAD_TOKEN`: uploads from a trusted server caller (the MCP server) skip the visitor limits. */
  uploadToken: string | undefined;
  simulatorLatencyMs: { min: number; max: number } | undefined;
  /** `ROOM_PROXY_UPSTREAM_TIMEOUT_MS`: how long a call to the service may take (a lost start is looked for after it). */
  upstreamTimeoutMs: number | undefined;
}

export function proxyEnv(env: Record<string, string | undefined>): ProxyEnv {
  const read = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = read('ROOM_API_BASE_URL');
  const publicUrl = read('ROOM_PROXY_PUBLIC_URL');
  const trustProxy = read('ROOM_PROXY_TRUST_PROXY');
  const latency = read('ROOM_SIM_LATENCY');
  const uploadToken = read('ROOM_UPLOAD_TOKEN');
  const upstreamTimeout = read('ROOM_PROXY_UPSTREAM_TIMEOUT_MS');
  // Said without the value: a short token is guessable, and the variable is what to fix.
  if (uploadToken !== undefined && uploadToken.length < 16)
    throw new UsageError('ROOM_UPLOAD_TOKEN must be at least 16 characters (e.g. the output of `openssl rand -hex 32`)');
  return {
    apiKey: read('ROOM_API_KEY'),
    baseUrl: baseUrl && readBaseUrl('ROOM_API_BASE_URL', baseUrl),
    secret: read('ROOM_PROXY_SECRET'),
    publicUrl: publicUrl && readOrigin('ROOM_PROXY_PUBLIC_URL', publicUrl),
    allowedOrigins: commaList(read('ROOM_PROXY_ALLOWED_ORIGINS')),
    imageOrigins: commaList(read('ROOM_PROXY_IMAGE_ORIGINS'))?.map((origin) => readUrl('ROOM_PROXY_IMAGE_ORIGINS', origin)),
    allowPrivateImageUrls: readBoolean('ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS', read('ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS') ?? 'false'),
    imagePorts: commaList(read('ROOM_PROXY_IMAGE_PORTS'))?.map((port) => readInteger('ROOM_PROXY_IMAGE_PORTS', port, 1, 65_535)),
    limits: networkPrefixes(read),
    trustProxy: trustProxy === undefined ? undefined : readTrustProxy(trustProxy),
    uploadToken,
    simulatorLatencyMs: latency === undefined ? undefined : readRange('ROOM_SIM_LATENCY', latency),
    upstreamTimeoutMs:
      upstreamTimeout === undefined ? undefined : readInteger('ROOM_PROXY_UPSTREAM_TIMEOUT_MS', upstreamTimeout, 1_000, 600_000),
  };
}

function networkPrefixes(read: (name: string) => string | undefined): Partial<Limits> {
  const v4 = read('ROOM_PROXY_NETWORK_PREFIX_V4');
  const v6 = read('ROOM_PROXY_NETWORK_PREFIX_V6');
  return {
    ...(v4 !== undefined && { networkPrefixV4: readInteger('ROOM_PROXY_NETWORK_PREFIX_V4', v4, 0, 32) }),
    ...(v6 !== undefined && { networkPrefixV6: readInteger('ROOM_PROXY_NETWORK_PREFIX_V6', v6, 0, 128) }),
  };
}

/** An http(s) origin; a path would be dropped, so one is refused (the proxy adds its own prefix). */
function readOrigin(name: string, value: string): string {
  const url = new URL(readUrl(name, value));
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    throw new UsageError(`${name} must be an origin such as https://www.site.example, without a path, got "${value}"`);
  return url.origin;
}

/** A comma-separated list, blanks dropped. */
function commaList(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

function readTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return readInteger('ROOM_PROXY_TRUST_PROXY', value, 0, 100);
  throw new UsageError(`ROOM_PROXY_TRUST_PROXY must be true, false or a number of hops, got "${value}"`);
}
