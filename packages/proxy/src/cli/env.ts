/** The proxy's settings from the environment. A value that cannot be read is a UsageError naming the variable. */
import { readBaseUrl, readBoolean, readInteger, readRange, readUrl, UsageError } from '@room-restyler/core/cli';
import type { Limits } from '../limits/limits.js';
import type { TrustProxy } from '../security/trusted-proxy.js';

type Reader<T> = (name: string, value: string) => T;

const text = (_name: string, value: string) => value;
const integer = (min: number, max: number) => (name: string, value: string) => readInteger(name, value, min, max);
/** A comma-separated list, blanks dropped. */
const list =
  <T>(read: Reader<T>) =>
  (name: string, value: string) =>
    value.split(',').flatMap((item) => (item.trim() ? [read(name, item.trim())] : []));

/** Each setting: its variable (the bin's usage says what each means) and how its trimmed, non-blank value is read. */
const VARIABLES = {
  apiKey: ['ROOM_API_KEY', text],
  baseUrl: ['ROOM_API_BASE_URL', readBaseUrl],
  secret: ['ROOM_PROXY_SECRET', text],
  publicUrl: ['ROOM_PROXY_PUBLIC_URL', readOrigin],
  allowedOrigins: ['ROOM_PROXY_ALLOWED_ORIGINS', list(text)],
  imageOrigins: ['ROOM_PROXY_IMAGE_ORIGINS', list(readUrl)],
  allowPrivateImageUrls: ['ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS', readBoolean],
  imagePorts: ['ROOM_PROXY_IMAGE_PORTS', list(integer(1, 65_535))],
  networkPrefixV4: ['ROOM_PROXY_NETWORK_PREFIX_V4', integer(0, 32)],
  networkPrefixV6: ['ROOM_PROXY_NETWORK_PREFIX_V6', integer(0, 128)],
  trustProxy: ['ROOM_PROXY_TRUST_PROXY', readTrustProxy],
  uploadToken: ['ROOM_UPLOAD_TOKEN', readUploadToken],
  simulatorLatencyMs: ['ROOM_SIM_LATENCY', readRange],
  upstreamTimeoutMs: ['ROOM_PROXY_UPSTREAM_TIMEOUT_MS', integer(1_000, 600_000)],
} as const;

type Settings = { [K in keyof typeof VARIABLES]: ReturnType<(typeof VARIABLES)[K][1]> | undefined };

export type ProxyEnv = Omit<Settings, 'networkPrefixV4' | 'networkPrefixV6' | 'allowPrivateImageUrls'> & {
  allowPrivateImageUrls: boolean;
  limits: Partial<Limits>;
};

export function proxyEnv(env: Record<string, string | undefined>): ProxyEnv {
  const settings = Object.fromEntries(
    Object.entries(VARIABLES).map(([key, [name, read]]) => {
      const value = env[name]?.trim();
      return [key, value ? read(name, value) : undefined];
    }),
  ) as Settings;
  const { networkPrefixV4, networkPrefixV6, allowPrivateImageUrls, ...rest } = settings;
  return {
    ...rest,
    allowPrivateImageUrls: allowPrivateImageUrls ?? false,
    limits: { ...(networkPrefixV4 !== undefined && { networkPrefixV4 }), ...(networkPrefixV6 !== undefined && { networkPrefixV6 }) },
  };
}

/** An http(s) origin; a path would be dropped, so one is refused (the proxy adds its own prefix). */
function readOrigin(name: string, value: string): string {
  const url = new URL(readUrl(name, value));
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    throw new UsageError(`${name} must be an origin such as https://www.site.example, without a path, got "${value}"`);
  return url.origin;
}

function readTrustProxy(name: string, value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return readInteger(name, value, 0, 100);
  throw new UsageError(`${name} must be true, false or a number of hops, got "${value}"`);
}

/** Said without the value: a short token is guessable, and the variable is what to fix. */
function readUploadToken(name: string, value: string): string {
  if (value.length < 16) throw new UsageError(`${name} must be at least 16 characters (e.g. the output of \`openssl rand -hex 32\`)`);
  return value;
}
