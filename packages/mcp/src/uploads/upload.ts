/**
 * `image_path` and `mask_path`: the service fetches photos and masks by URL, so a local file is first sent to an upload
 * route honouring the proxy's contract (`POST` raw image → `{ url }`), whose URL the service can fetch.
 * With `ROOM_UPLOAD_TOKEN` the upload carries `Authorization: Bearer <token>`, so the proxy treats
 * this server as a trusted caller rather than an anonymous visitor with its hourly limits.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { sniffImageType } from '@room-restyler/core/internal';
import type { ServerContext } from '../context.js';
import { readablePath } from '../files/file-access.js';
import { InputError, MISSING_UPLOAD_HELP, SetupError } from '../user-errors.js';
import { localPhoto, PHOTO_EXTENSIONS } from './local-photo.js';
import { UploadError } from './upload-error.js';
import { uploadRefusal } from './upload-refusal.js';

/** The upload route's limit (the proxy's default); checked here first so a big photo is refused before it is sent. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 60_000;

/** The arguments that name a local file to upload: a photo, or a mask (PNG only, as the proxy takes masks). */
export type LocalFileArgument = 'image_path' | 'mask_path';

export async function uploadLocalImage(
  ctx: ServerContext,
  given: string,
  signal: AbortSignal,
  argument: LocalFileArgument = 'image_path',
): Promise<string> {
  const path = await checkLocalFile(ctx, given, argument);
  const bytes = await readFile(path).catch(() => {
    throw unreadable(argument, given);
  });
  const mask = argument === 'mask_path';
  if (mask && sniffImageType(bytes) !== 'image/png')
    throw new InputError(`mask_path "${given}" is not a PNG image by its content (whatever its name says). Save the mask as PNG.`);
  const photo = mask ? { bytes, type: 'image/png' } : await localPhoto(given, bytes);
  return uploadImage(ctx, photo.bytes, photo.type, signal);
}

/**
 * What can be told of a local file without reading it (its kind, access, size, and an upload route to send it to);
 * its real path. `stage_listing` checks every photo so before pricing, and uploads them only once the user confirmed.
 */
export async function checkLocalFile(ctx: ServerContext, given: string, argument: LocalFileArgument = 'image_path'): Promise<string> {
  const mask = argument === 'mask_path';
  if (mask ? extname(given).toLowerCase() !== '.png' : !PHOTO_EXTENSIONS.has(extname(given).toLowerCase()))
    throw new InputError(
      mask
        ? `mask_path must be a .png file (got "${given}").`
        : `image_path must be a .jpg, .jpeg, .png or .webp file, or a .heic/.heif photo (got "${given}").`,
    );
  // Whether the caller may read the path at all comes before how the server is configured.
  const path = await readablePath(ctx.files, given, argument);
  if (!ctx.uploadUrl) throw new SetupError(MISSING_UPLOAD_HELP);
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) throw unreadable(argument, given);
  if (size > MAX_UPLOAD_BYTES)
    throw new InputError(
      `The ${mask ? 'mask' : 'photo'} is ${Math.round(size / 1e6)} MB; the upload limit is 15 MB. Use a smaller export.`,
    );
  return path;
}

// Messages name the path as the caller gave it: over HTTP the real one would show the server's folders.
const unreadable = (argument: LocalFileArgument, given: string) => new InputError(`No readable file at ${argument} "${given}".`);

/** Sends a photo's bytes to the upload route (`ROOM_UPLOAD_URL`); returns the URL the service can fetch it from. */
export async function uploadImage(ctx: ServerContext, bytes: Uint8Array<ArrayBuffer>, type: string, signal: AbortSignal): Promise<string> {
  const { uploadUrl, uploadToken } = ctx;
  if (!uploadUrl) throw new SetupError(MISSING_UPLOAD_HELP);
  let response: Response;
  try {
    response = await ctx.fetch(uploadUrl, {
      method: 'POST',
      headers: { 'Content-Type': type, ...(uploadToken ? { Authorization: `Bearer ${uploadToken}` } : {}) },
      body: bytes,
      signal: AbortSignal.any([signal, AbortSignal.timeout(UPLOAD_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new UploadError(
      `Could not reach the upload target ${new URL(uploadUrl).origin} (ROOM_UPLOAD_URL): ${error instanceof Error ? error.message : String(error)}.`,
      { transient: true },
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  const url = typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string' ? body.url : undefined;
  if (!response.ok || !url) throw uploadRefusal(response, body, uploadToken !== undefined);
  return url;
}
