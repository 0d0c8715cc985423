/** The proxy's own uploads: who reads one (404 otherwise: no free image host), and which image URLs are forwarded. */
import { checkPublicUrl } from '@room-restyler/core/internal';
import type { ProxyContext, RequestScope } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';
import type { StoredUpload } from '../uploads/interfaces.js';
import { bearerCarries } from './keys.js';
import type { UploadOrigins } from './upload-origins.js';
import { readVisitorCookie } from './visitor-cookie.js';

const UPLOADS_PATH = '/api/v1/uploads/';
const UPLOAD_ID = /^[A-Za-z0-9_-]{32}$/;

/** The id (well-formed or not) after the upload path of a URL on one of the proxy's upload origins; undefined for any other URL. */
function claimedUploadId(url: URL, origins: UploadOrigins | undefined, prefix: string): string | undefined {
  const path = `${prefix}${UPLOADS_PATH}`;
  return origins?.all.has(url.origin) && url.pathname.startsWith(path) ? url.pathname.slice(path.length) : undefined;
}

/** `{home}{prefix}/api/v1/uploads/{id}?expires=…&signature=…`, readable until `expiresAt` (ms). */
export async function signedUploadUrl(context: ProxyContext, origins: UploadOrigins, id: string, expiresAt: number): Promise<string> {
  const expires = Math.floor(expiresAt / 1000);
  const signature = await context.signer.sign('upload', `${id}.${expires}`);
  return `${origins.home}${context.options.prefix}${UPLOADS_PATH}${id}?expires=${expires}&signature=${signature}`;
}

/** Upload `id` if `request` may read it through a URL with `query` (a valid, unexpired signature, or the uploader's cookie). */
export async function readUpload(
  context: ProxyContext,
  request: ProxyRequest,
  id: string,
  query: URLSearchParams,
): Promise<StoredUpload | 'unreadable' | undefined> {
  const { clock, uploads } = context.options;
  const upload = uploads && UPLOAD_ID.test(id) ? await uploads.store.get(id, clock.now()) : undefined;
  if (!upload) return undefined;
  const expires = query.get('expires') ?? '';
  const signed =
    /^\d{1,12}$/.test(expires) &&
    Number(expires) * 1000 > clock.now() &&
    (await context.signer.verify('upload', `${id}.${expires}`, query.get('signature') ?? ''));
  if (signed || (upload.owner !== undefined && (await readVisitorCookie(request, context.signer)) === upload.owner)) return upload;
  return 'unreadable';
}

/** The fields of a generation body that name an image the service fetches: each may be one of the proxy's uploads. */
type ImageField = 'image_url' | 'mask_url';

const imageFieldsOf = (body: object) =>
  (['image_url', 'mask_url'] as const).flatMap((field) => {
    const url = (body as Partial<Record<ImageField, unknown>>)[field];
    return typeof url === 'string' ? [{ field, url }] : [];
  });

/** `body` as the service is given it: each of the proxy's uploads in it as a freshly signed URL on its home origin. */
export async function imageUrlsForService<B extends object>(
  context: ProxyContext,
  body: B,
  origins: UploadOrigins | undefined,
): Promise<B> {
  const { uploads, prefix, clock } = context.options;
  if (!origins || !uploads) return body;
  const urls = await Promise.all(
    imageFieldsOf(body).map(async ({ field, url }) => {
      const id = claimedUploadId(new URL(url), origins, prefix);
      return [field, id === undefined ? url : await signedUploadUrl(context, origins, id, clock.now() + uploads.urlTtlMs)] as const;
    }),
  );
  return { ...body, ...Object.fromEntries(urls) };
}

const refuse = (field: ImageField, code: 'bad_request' | 'upload_not_found' | 'upload_signature_invalid', message: string) =>
  new ProxyHttpError(400, code, message, { extra: { field } });

/** Checks every image URL of a generation body (`image_url`, `mask_url`) by the same rules. */
export async function checkImageUrls(context: ProxyContext, scope: RequestScope, body: object): Promise<void> {
  for (const { field, url } of imageFieldsOf(body)) await checkImageUrl(context, scope, url, field);
}

/** Which image URL is forwarded (SSRF): own uploads the caller may read, the allowlist, else a public http(s) host. */
async function checkImageUrl(context: ProxyContext, scope: RequestScope, imageUrl: string, field: ImageField): Promise<void> {
  const { options } = context;
  const url = new URL(imageUrl);
  if (url.username !== '' || url.password !== '') throw refuse(field, 'bad_request', `${field} must not carry credentials`);
  const id = claimedUploadId(url, scope.uploadOrigins, options.prefix);
  // On the proxy's upload path it is one of its uploads or nothing: never judged as a public URL instead.
  if (id !== undefined) return checkOwnUpload(context, scope, id, url, field);
  if (options.allowedImageOrigins?.has(url.origin)) return;
  if (options.allowedImageOrigins) throw refuse(field, 'bad_request', `${field} must point to an allowed image host`);
  if (!options.allowPrivateImageUrls && !checkPublicUrl(imageUrl, { ports: options.allowedImagePorts }).ok)
    throw refuse(field, 'bad_request', `${field} must be an http(s) URL on a public host`);
}

async function checkOwnUpload(context: ProxyContext, scope: RequestScope, id: string, url: URL, field: ImageField): Promise<void> {
  const upload = await readUpload(context, scope.request, id, url.searchParams);
  const again = `upload the ${field === 'mask_url' ? 'mask' : 'photo'} again`;
  if (!upload) throw refuse(field, 'upload_not_found', `${field} names no upload of this proxy (it may have expired): ${again}`);
  if (upload === 'unreadable')
    throw refuse(field, 'upload_signature_invalid', `${field}'s signature is not valid or has expired: ${again}`);
  // A mask is a PNG uploaded as one (`?kind=mask`): a photo re-encoded as JPEG cannot be one.
  if (field === 'mask_url' && upload.contentType !== 'image/png')
    throw refuse(field, 'bad_request', 'mask_url must name a mask upload (a PNG sent with ?kind=mask)');
}

/** `ROOM_UPLOAD_TOKEN`: a server caller (the MCP server) outside the visitor limits; a wrong one is a 401 at once. */
export async function trustedUploader(context: ProxyContext, scope: RequestScope): Promise<boolean> {
  const token = context.options.uploadToken;
  const authorization = scope.request.headers.get('authorization');
  if (token === undefined || authorization === null) return false;
  if (await bearerCarries(authorization, token)) return true;
  const message = 'Authorization does not carry the upload token this proxy expects (ROOM_UPLOAD_TOKEN)';
  throw new ProxyHttpError(401, 'upload_token_invalid', message, { headers: { 'www-authenticate': 'Bearer' } });
}
