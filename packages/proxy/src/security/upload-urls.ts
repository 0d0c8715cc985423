/**
 * Who may read an upload: the visitor who uploaded it (their cookie), and whoever holds a signed URL
 * — the one the upload's answer carries (short-lived) and the fresh one the proxy gives the service
 * with each generation. Anything else reads as 404, so the proxy is no free image host.
 */
import type { ProxyContext } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import type { UploadOrigins } from './upload-origins.js';
import { readVisitorCookie } from './visitor-cookie.js';

export const UPLOADS_PATH = '/api/v1/uploads/';
export const UPLOAD_ID = /^[A-Za-z0-9_-]{32}$/;

/**
 * What follows the upload path when `url` is on one of the proxy's own upload origins (the id it
 * claims, well-formed or not); undefined for any other URL.
 */
export function claimedUploadId(url: URL, origins: UploadOrigins | undefined, prefix: string): string | undefined {
  const path = `${prefix}${UPLOADS_PATH}`;
  return origins?.all.has(url.origin) && url.pathname.startsWith(path) ? url.pathname.slice(path.length) : undefined;
}

/** `{home}{prefix}/api/v1/uploads/{id}?expires=…&signature=…`, readable until `expiresAt` (ms). */
export async function signedUploadUrl(context: ProxyContext, origins: UploadOrigins, id: string, expiresAt: number): Promise<string> {
  const expires = Math.floor(expiresAt / 1000);
  const signature = await context.signer.sign('upload', `${id}.${expires}`);
  return `${origins.home}${context.options.prefix}${UPLOADS_PATH}${id}?expires=${expires}&signature=${signature}`;
}

/** Whether `query` (of a URL of upload `id`) carries a valid, unexpired signature. */
async function signatureValid(context: ProxyContext, id: string, query: URLSearchParams): Promise<boolean> {
  const expires = query.get('expires') ?? '';
  const signature = query.get('signature') ?? '';
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= context.options.clock.now()) return false;
  return context.signer.verify('upload', `${id}.${expires}`, signature);
}

/** Whether `request` may read upload `id` through a URL with `query`: a valid signature, or the uploader's cookie. */
export async function mayRead(
  context: ProxyContext,
  request: ProxyRequest,
  id: string,
  query: URLSearchParams,
  owner: string | undefined,
): Promise<boolean> {
  if (await signatureValid(context, id, query)) return true;
  return owner !== undefined && (await readVisitorCookie(request, context.signer)) === owner;
}

/**
 * What the service is given for an `image_url` (checked by `checkImageUrl`): for one of the proxy's
 * uploads, a freshly signed URL on its home origin — whatever origin and signature the visitor's had.
 */
export async function imageUrlForService(context: ProxyContext, imageUrl: string, origins: UploadOrigins | undefined): Promise<string> {
  const id = claimedUploadId(new URL(imageUrl), origins, context.options.prefix);
  const uploads = context.options.uploads;
  if (id === undefined || !origins || !uploads) return imageUrl;
  return signedUploadUrl(context, origins, id, context.options.clock.now() + uploads.urlTtlMs);
}
