/** Where the proxy's own uploads live: never from `Host` or `X-Forwarded-Host`, which would aim the service where a client says. */
export interface UploadOrigins {
  /** Where the URLs the proxy hands out point. */
  home: string;
  /** Every origin an `image_url` naming one of the proxy's uploads may have (`home` among them). */
  all: ReadonlySet<string>;
}

/** `publicUrl`, else the server's own origins (the first is home); undefined when neither is known (a fetch handler without `publicUrl`). */
export function uploadOriginsOf(publicUrl: string | undefined, serverOrigins: readonly string[] | undefined): UploadOrigins | undefined {
  const origins = publicUrl === undefined ? (serverOrigins ?? []) : [publicUrl];
  const home = origins[0];
  return home === undefined ? undefined : { home, all: new Set(origins) };
}
