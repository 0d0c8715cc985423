/**
 * Where the proxy's own uploads live: the origin of every upload URL it hands out (to visitors, to
 * the service), and the only origins on which an `image_url` can be one of its uploads. From
 * configuration only — `uploads.publicUrl` (ROOM_PROXY_PUBLIC_URL), else the address the server
 * itself accepted the connection on — never from `Host` or `X-Forwarded-Host`, which any client
 * writes: a forged one would otherwise aim the service at an address of the attacker's choosing.
 */

export interface UploadOrigins {
  /** Where the URLs the proxy hands out point. */
  home: string;
  /** Every origin an `image_url` naming one of the proxy's uploads may have (`home` among them). */
  all: ReadonlySet<string>;
}

/**
 * `publicUrl` when configured, else what the server adapter knows of its own address (the first
 * of `serverOrigins` is home); undefined when neither is known (a fetch handler without `publicUrl`).
 */
export function uploadOriginsOf(publicUrl: string | undefined, serverOrigins: readonly string[] | undefined): UploadOrigins | undefined {
  const origins = publicUrl === undefined ? (serverOrigins ?? []) : [publicUrl];
  const home = origins[0];
  return home === undefined ? undefined : { home, all: new Set(origins) };
}
