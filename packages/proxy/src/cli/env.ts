/** The proxy's settings from the environment. A value that cannot be read is a UsageError naming the variable. */
import { readInteger, readRange, readUrl, UsageError } from '@room-restyler/core/cli';
import type { TrustProxy } from '../security/client-ip.js';

export interface ProxyEnv {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  secret: string | undefined;
  publicUrl: string | undefined;
  allowedOrigins: string[] | undefined;
  trustProxy: TrustProxy | undefined;
  simulatorLatencyMs: { min: number; max: number } | undefined;
}

export function proxyEnv(env: Record<string, string | undefined>): ProxyEnv {
  const read = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = read('ROOM_API_BASE_URL');
  const publicUrl = read('ROOM_PROXY_PUBLIC_URL');
  const trustProxy = read('ROOM_PROXY_TRUST_PROXY');
  const latency = read('ROOM_SIM_LATENCY');
  return {
    apiKey: read('ROOM_API_KEY'),
    baseUrl: baseUrl && readUrl('ROOM_API_BASE_URL', baseUrl),
    secret: read('ROOM_PROXY_SECRET'),
    publicUrl: publicUrl && readUrl('ROOM_PROXY_PUBLIC_URL', publicUrl),
    allowedOrigins: read('ROOM_PROXY_ALLOWED_ORIGINS')
      ?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: trustProxy === undefined ? undefined : readTrustProxy(trustProxy),
    simulatorLatencyMs: latency === undefined ? undefined : readRange('ROOM_SIM_LATENCY', latency),
  };
}

function readTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return readInteger('ROOM_PROXY_TRUST_PROXY', value, 0, 100);
  throw new UsageError(`ROOM_PROXY_TRUST_PROXY must be true, false or a number of hops, got "${value}"`);
}
