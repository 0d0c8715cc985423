/**
 * Why the upload target refused a photo, blaming the right thing: the photo (type, size), the
 * moment (rate limits), the target's own failure — and ROOM_UPLOAD_URL only when the address or
 * its access is what is wrong.
 */
import { parseRetryAfter } from '@room-restyler/core/internal';

export function uploadRefusal(status: number, reason: string, retryAfter: string | null): string {
  const said = reason ? `: ${reason}` : '';
  if (status === 415)
    return `The upload target does not accept this kind of image (HTTP 415${said}). Export the photo as JPEG, PNG or WebP and try again.`;
  if (status === 413) return `The photo is too large for the upload target (HTTP 413${said}). Export a smaller copy and try again.`;
  if (status === 429) {
    const waitMs = parseRetryAfter(retryAfter);
    const when = waitMs === undefined ? 'in a minute' : `in ${Math.ceil(waitMs / 1000)} s`;
    return `The upload target is limiting uploads (HTTP 429${said}). Try again ${when}, or pass image_url instead.`;
  }
  if (status === 400 || status === 422)
    return `The upload target refused the photo (HTTP ${status}${said}). Check that the file is a room photo.`;
  if (status >= 500) return `The upload target failed (HTTP ${status}${said}). Try again later, or pass image_url instead.`;
  return `The upload target refused the photo (HTTP ${status})${said}. Check ROOM_UPLOAD_URL, or pass image_url instead.`;
}
