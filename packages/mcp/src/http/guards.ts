/**
 * The checks in front of the Streamable HTTP endpoint: Host (and Origin) validation against DNS
 * rebinding — a web page must not reach a local server through a hostile domain — and reading the
 * bearer credential (what it must be: caller-auth.ts).
 */

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

/** The credential of `Authorization: Bearer <credential>`, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
