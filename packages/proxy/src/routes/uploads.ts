/**
 * POST /api/v1/uploads and GET /api/v1/uploads/{id}. Limits are counted before the (expensive) decode, and only the
 * re-encoded image (no metadata, no trailing bytes of a polyglot) is stored and served: to the service through a signed
 * URL and to its uploader. A trusted server caller (ROOM_UPLOAD_TOKEN) skips the visitor limits, never the storage budget.
 */
import type { ProxyUpload } from '@room-restyler/core';
import { sniffImageType } from '@room-restyler/core/internal';
import { type ProxyContext, type RequestScope, visitorOf } from '../context.js';
import { payloadTooLarge } from '../http/read-body.js';
import { jsonReply, notFound, ProxyHttpError, type Reply, setReplyHeader } from '../http/responses.js';
import { consumeLimits, type LimitCheck, limitChecks, precheckLimits } from '../limits/limits.js';
import type { ResolvedOptions } from '../options.js';
import { runAuthorize } from '../security/authorize.js';
import type { UploadOrigins } from '../security/upload-origins.js';
import { readUpload, signedUploadUrl, trustedUploader } from '../security/uploads.js';
import type { Visitor } from '../security/visitor-cookie.js';
import { ImageRejectedError, type ProcessedImage, UploadStoreFullError } from '../uploads/interfaces.js';
import { maskPng } from '../uploads/png-mask.js';
import { randomId } from '../util/base64url.js';

/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** One upload being stored, as each step after the body needs it. */
interface Upload {
  context: ProxyContext;
  scope: RequestScope;
  uploads: NonNullable<ResolvedOptions['uploads']>;
  origins: UploadOrigins;
  visitor: Visitor;
  trusted: boolean;
  kind: 'photo' | 'mask';
  /** The image's own cap (the body may carry multipart framing besides). */
  maxBytes: number;
}

function uploadsOf(context: ProxyContext) {
  const uploads = context.options.uploads;
  if (!uploads) throw new ProxyHttpError(404, 'uploads_disabled', 'Uploads are not enabled on this proxy');
  return uploads;
}

export async function handleUpload(context: ProxyContext, scope: RequestScope): Promise<Reply> {
  const uploads = uploadsOf(context);
  // Where the upload's URL points, from configuration only: refused before a limit is counted or the body read.
  const origins = scope.uploadOrigins;
  if (!origins) {
    const message =
      "Uploads need the proxy's public origin: set uploads.publicUrl (ROOM_PROXY_PUBLIC_URL); it is never taken from the request's Host";
    throw new ProxyHttpError(503, 'public_url_required', message);
  }
  const visitor = await visitorOf(context, scope.request);
  const trusted = await trustedUploader(context, scope);
  const kind = kindOf(scope);
  const maxBytes = kind === 'mask' ? uploads.maxMaskBytes : uploads.maxBytes;
  const upload: Upload = { context, scope, uploads, origins, visitor, trusted, kind, maxBytes };
  // A full limit refuses before a byte of the (large) body is read.
  await precheckLimits(context.store, visitorChecks(upload), context.options.clock.now());
  // Spooled (to disk on Node) with the cap enforced while reading; in memory only once it is whole and within it.
  const body = await uploads.spool.spool(scope.request, { maxBytes: maxBytes + MULTIPART_OVERHEAD, timeoutMs: uploads.timeoutMs });
  try {
    return await storeUpload(upload, await body.bytes());
  } finally {
    await body.dispose();
  }
}

async function storeUpload(upload: Upload, raw: Uint8Array<ArrayBuffer>): Promise<Reply> {
  const { context, scope, uploads, visitor, kind, maxBytes } = upload;
  // The site's hook (a captcha, a login) is for visitors, not for a trusted server caller.
  const denied = upload.trusted ? undefined : await runAuthorize(context, scope, raw, 'upload', visitor.id);
  if (denied) return withVisitor(denied, visitor);

  const bytes = await imageBytes(scope.request.headers.get('content-type') ?? '', raw);
  if (bytes.byteLength === 0) throw new ProxyHttpError(400, 'empty_upload', 'The upload is empty', { extra: { field: 'file' } });
  if (bytes.byteLength > maxBytes) throw payloadTooLarge(maxBytes, kind === 'mask' ? 'mask' : 'image');
  // Read from the bytes, whatever the Content-Type says.
  const type = sniffImageType(bytes);
  if (!type) throw new ProxyHttpError(415, 'unsupported_image_type', 'Send a JPEG, PNG or WebP image');
  if (kind === 'mask' && type !== 'image/png') throw new ProxyHttpError(415, 'unsupported_image_type', 'A mask must be a PNG image');

  const releaseLimits = await consumeLimits(context.store, visitorChecks(upload), context.options.clock.now());
  const { bytes: stored, contentType, width, height } = await processImage(upload, bytes, type);
  const id = randomId(24);
  const now = context.options.clock.now();
  const expiresAt = now + uploads.ttlMs;
  try {
    await uploads.store.put(id, { bytes: stored, contentType, expiresAt, owner: visitor.id });
  } catch (error) {
    if (!(error instanceof UploadStoreFullError)) throw error;
    // Nothing was stored: the visitor's upload limits are given back.
    await Promise.all(releaseLimits.map((release) => release()));
    context.log({ level: 'warn', msg: 'upload storage budget used up' });
    throw new ProxyHttpError(429, 'daily_budget', "The site's upload storage is full for now", {
      headers: { 'retry-after': '3600' },
      extra: { retry_after_seconds: 3600 },
    });
  }
  // Signed, short-lived: what the service fetches; after it expires only the uploader's cookie reads it.
  // Whole seconds, as the URL carries them, so `expires_at` is the very moment it stops working.
  const urlExpiresAt = Math.floor(Math.min(expiresAt, now + uploads.urlTtlMs) / 1000) * 1000;
  const url = await signedUploadUrl(context, upload.origins, id, urlExpiresAt);
  context.log({ level: 'info', msg: 'upload stored', kind, visitor: visitor.id, bytes: stored.byteLength, width, height });
  const answer: ProxyUpload = {
    url,
    expires_at: new Date(urlExpiresAt).toISOString(),
    upload_expires_at: new Date(expiresAt).toISOString(),
    content_type: contentType,
    width,
    height,
  };
  return withVisitor(jsonReply(201, answer, { location: url }), visitor);
}

/** A mask kept as the PNG it is, a photo re-encoded; a refused image is answered by why. */
async function processImage({ uploads, kind }: Upload, bytes: Uint8Array, type: string): Promise<ProcessedImage> {
  try {
    if (kind === 'mask') return await maskPng(bytes, uploads.maxPixels);
    return await uploads.processor.process(bytes, { maxPixels: uploads.maxPixels, maxEdge: uploads.maxEdge });
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    if (error.code === 'too_many_pixels')
      throw new ProxyHttpError(413, 'too_many_pixels', error.message, { extra: { max_pixels: uploads.maxPixels } });
    if (type === 'image/heic')
      throw new ProxyHttpError(415, 'unsupported_image_type', 'HEIC images cannot be read by this server; send a JPEG, PNG or WebP image');
    throw new ProxyHttpError(400, 'invalid_image', error.message, { extra: { field: 'file' } });
  }
}

/** `?kind=mask`: a PNG mask for `mask_url`; `photo` (the default): a room photo. */
function kindOf(scope: RequestScope): Upload['kind'] {
  const kind = new URL(scope.request.url).searchParams.get('kind') ?? 'photo';
  if (kind !== 'photo' && kind !== 'mask')
    throw new ProxyHttpError(400, 'bad_request', 'kind must be photo or mask', { extra: { field: 'kind' } });
  return kind;
}

/** Adds the visitor cookie the proxy just issued, if any. */
function withVisitor(reply: Reply, visitor: Visitor): Reply {
  if (visitor.setCookie) setReplyHeader(reply, 'set-cookie', visitor.setCookie);
  return reply;
}

/** The upload limits this request counts against: none for a trusted server caller. */
function visitorChecks({ context, scope, visitor, trusted }: Upload): LimitCheck[] {
  return trusted ? [] : limitChecks('upload', context.options.limits, visitor.id, scope.ip, context.options.clock.now());
}

export async function handleUploaded(context: ProxyContext, scope: RequestScope): Promise<Response> {
  uploadsOf(context);
  const upload = await readUpload(context, scope.request, scope.param ?? '', new URL(scope.request.url).searchParams);
  // Only the service (a signed URL) and the uploader (its cookie) read an upload; to anyone else it does not exist.
  if (typeof upload !== 'object') throw notFound('Upload not found (it may have expired)');
  return new Response(upload.bytes, {
    status: 200,
    headers: {
      'content-type': upload.contentType,
      'content-length': String(upload.bytes.byteLength),
      // Never kept by a shared cache, which would serve it to anyone.
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      // Opened directly, the image cannot run anything; no other site can embed it.
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}

/** The image bytes of a raw body or of the multipart field `file`. */
async function imageBytes(contentType: string, raw: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (/^multipart\/form-data\s*;/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new ProxyHttpError(400, 'bad_multipart', 'The multipart body could not be read');
    }
    const file = form.get('file');
    if (!(file instanceof Blob))
      throw new ProxyHttpError(400, 'bad_request', 'The multipart field "file" with the image is required', { extra: { field: 'file' } });
    return new Uint8Array(await file.arrayBuffer());
  }
  if (contentType !== '' && !/^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i.test(contentType)) {
    throw new ProxyHttpError(
      415,
      'unsupported_media_type',
      'Send the image as the raw body (image/*) or as multipart/form-data field "file"',
    );
  }
  return raw;
}
