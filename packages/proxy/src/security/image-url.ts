/**
 * Which `image_url` the proxy forwards: the service fetches it, so a stranger must not aim it at
 * the site's own network (SSRF). Allowed: the proxy's own uploads (on its configured upload origins,
 * stored, and readable by the caller), origins the site listed in `allowedImageOrigins`, and —
 * unless the site set an allowlist — any http(s) URL on a public host (core's rules: no loopback,
 * private, link-local, CGNAT, metadata, numeric-encoded addresses, no credentials).
 * `allowPrivateImageUrls` (local development and tests) lifts the public-host rule only.
 */
import { checkPublicUrl } from '@room-restyler/core/internal';
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError } from '../http/responses.js';
import { claimedUploadId, mayRead, UPLOAD_ID } from './upload-urls.js';

const refuse = (code: 'bad_request' | 'upload_not_found' | 'upload_signature_invalid', message: string) =>
  new ProxyHttpError(400, code, message, { extra: { field: 'image_url' } });

export async function checkImageUrl(context: ProxyContext, scope: RequestScope, imageUrl: string): Promise<void> {
  const { options } = context;
  const url = new URL(imageUrl);
  if (url.username !== '' || url.password !== '') throw refuse('bad_request', 'image_url must not carry credentials');
  const id = claimedUploadId(url, scope.uploadOrigins, options.prefix);
  // On the proxy's upload path it is one of its uploads or nothing: never judged as a public URL instead.
  if (id !== undefined) return checkOwnUpload(context, scope, id, url);
  if (options.allowedImageOrigins?.has(url.origin)) return;
  if (options.allowedImageOrigins) throw refuse('bad_request', 'image_url must point to an allowed image host');
  if (!options.allowPrivateImageUrls && !checkPublicUrl(imageUrl, { ports: options.allowedImagePorts }).ok)
    throw refuse('bad_request', 'image_url must be an http(s) URL on a public host');
}

/** The upload must be stored, and its URL's signature valid — or the caller the visitor who uploaded it. */
async function checkOwnUpload(context: ProxyContext, scope: RequestScope, id: string, url: URL): Promise<void> {
  const { clock, uploads } = context.options;
  const upload = uploads && UPLOAD_ID.test(id) ? await uploads.store.get(id, clock.now()) : undefined;
  if (!upload) throw refuse('upload_not_found', 'image_url names no upload of this proxy (it may have expired): upload the photo again');
  if (!(await mayRead(context, scope.request, id, url.searchParams, upload.owner)))
    throw refuse('upload_signature_invalid', "image_url's signature is not valid or has expired: upload the photo again");
}
