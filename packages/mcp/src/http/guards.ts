/**
 * The checks in front of the Streamable HTTP endpoint: Host (and Origin) validation against DNS
 * rebinding — a web page must not reach a local server through a hostile domain — and an optional
 * bearer token compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The hostname of a Host header (`example.com:8080` → `example.com`, `[::1]:80` → `[::1]`), lowercased. */
export function hostnameOf(host: string): string | undefined {
  const value = host.trim().toLowerCase();
  if (!value) return undefined;
  return URL.canParse(`http://${value}`) ? new URL(`http://${value}`).hostname : undefined;
}

export function hostAllowed(hostHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = hostHeader === undefined ? undefined : hostnameOf(hostHeader);
  return name !== undefined && allowed.has(name);
}

/** Browsers send Origin on cross-site requests; when present, it must name an allowed host too. */
export function originAllowed(originHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (originHeader === undefined) return true;
  return URL.canParse(originHeader) && allowed.has(new URL(originHeader).hostname.toLowerCase());
}

export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return timingSafeEqual(digest(match[1].trim()), digest(token));
}

const digest = (value: string) => createHash('sha256').update(value).digest();
