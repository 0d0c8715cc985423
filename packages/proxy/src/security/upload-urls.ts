/**
 * Who may read an upload: the visitor who uploaded it (their cookie), and whoever holds a signed URL
 * — the one the upload's answer carries (short-lived) and the fresh one the proxy gives the service
 * with each generation. Anything else reads as 404, so the proxy is no free image host.
 */
import type { ProxyContext } from '../context.js';
import type { ResolvedOptions } from '../options.js';

export const UPLOADS_PATH = '/api/v1/uploads/';
const UPLOAD_ID = /^[A-Za-z0-9_-]{32}$/;

/** The origins the proxy's own upload URLs are served from for this request. */
export function uploadOrigins(options: ResolvedOptions, requestOrigin: string): string[] {
  return options.uploads?.publicUrl ? [new URL(options.uploads.publicUrl).origin, requestOrigin] : [requestOrigin];
}

/** The upload id when `url` is one of this proxy's upload URLs, signed or not. */
export function ownUploadId(options: ResolvedOptions, url: URL, requestOrigin: string): string | undefined {
  if (!options.uploads || !uploadOrigins(options, requestOrigin).includes(url.origin)) return undefined;
  const path = `${options.prefix}${UPLOADS_PATH}`;
  const id = url.pathname.startsWith(path) ? url.pathname.slice(path.length) : '';
  return UPLOAD_ID.test(id) ? id : undefined;
}

/** `{origin}{prefix}/api/v1/uploads/{id}?expires=…&signature=…`, readable until `expiresAt` (ms). */
export async function signedUploadUrl(context: ProxyContext, origin: string, id: string, expiresAt: number): Promise<string> {
  const expires = Math.floor(expiresAt / 1000);
  const signature = await context.signer.sign('upload', `${id}.${expires}`);
  return `${origin}${context.options.prefix}${UPLOADS_PATH}${id}?expires=${expires}&signature=${signature}`;
}

/** Whether the query of a request for upload `id` carries a valid, unexpired signature. */
export async function signatureValid(context: ProxyContext, id: string, query: URLSearchParams): Promise<boolean> {
  const expires = query.get('expires') ?? '';
  const signature = query.get('signature') ?? '';
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= context.options.clock.now()) return false;
  return context.signer.verify('upload', `${id}.${expires}`, signature);
}

/** What the service is given for an `image_url` that is one of this proxy's uploads: a freshly signed URL. */
export async function imageUrlForService(context: ProxyContext, imageUrl: string, requestOrigin: string): Promise<string> {
  const url = new URL(imageUrl);
  const id = ownUploadId(context.options, url, requestOrigin);
  const uploads = context.options.uploads;
  if (id === undefined || !uploads) return imageUrl;
  return signedUploadUrl(context, url.origin, id, context.options.clock.now() + uploads.urlTtlMs);
}
