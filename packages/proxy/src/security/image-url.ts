/**
 * Which `image_url` the proxy forwards: the service fetches it, so a stranger must not aim it at
 * the site's own network (SSRF). Allowed: the proxy's own upload URLs, origins the site listed in
 * `allowedImageOrigins`, and — unless the site set an allowlist — any http(s) URL on a public host
 * (core's rules: no loopback, private, link-local, CGNAT, metadata, numeric-encoded addresses, no
 * credentials). `allowPrivateImageUrls` (local development and tests) lifts the public-host rule only.
 */
import { checkPublicUrl } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import type { ResolvedOptions } from '../options.js';
import { ownUploadId } from './upload-urls.js';

export function checkImageUrl(imageUrl: string, options: ResolvedOptions, requestOrigin: string): void {
  const url = new URL(imageUrl);
  const refuse = (why: string) => new ProxyHttpError(400, 'bad_request', `image_url must ${why}`, { extra: { field: 'image_url' } });
  if (url.username !== '' || url.password !== '') throw refuse('not carry credentials');
  if (ownUploadId(options, url, requestOrigin) !== undefined || options.allowedImageOrigins?.has(url.origin)) return;
  if (options.allowedImageOrigins) throw refuse('point to an allowed image host');
  if (!options.allowPrivateImageUrls && !checkPublicUrl(imageUrl, { ports: options.allowedImagePorts }).ok)
    throw refuse('be an http(s) URL on a public host');
}
