/**
 * Why the upload route refused a photo, blaming the right thing: the file (415, 413, 400), the
 * route's limits (429, with when to try again), the upload token (401, 403) or the configuration
 * (404 and anything that is not an upload route).
 */
import { parseRetryAfter } from '@room-restyler/core/internal';
import { UploadError } from './upload-error.js';

const TOKEN_HELP =
  "set ROOM_UPLOAD_TOKEN in this MCP server's config to the same value as the proxy's ROOM_UPLOAD_TOKEN (at least 16 characters), then restart the client";

export function uploadRefusal(response: Response, body: unknown, sentToken: boolean): UploadError {
  const { error, code } = fieldsOf(body);
  const said = error ? `: ${error}` : '';
  const status = `HTTP ${response.status}${code ? ` ${code}` : ''}`;
  switch (response.status) {
    case 400:
    case 413:
    case 415:
      return new UploadError(
        `The upload route could not take this photo (${status})${said}. Send a JPEG, PNG or WebP photo of at most 15 MB (export a smaller JPEG if needed), or pass image_url instead.`,
      );
    case 401:
      return new UploadError(
        sentToken
          ? `The upload route refused this server's upload token (${status}): ${TOKEN_HELP}.`
          : `The upload route requires an upload token (${status}): ${TOKEN_HELP}.`,
      );
    case 403:
      return new UploadError(
        `The upload route refused the upload (${status})${said}. It is guarded for website visitors; ${sentToken ? 'check that ROOM_UPLOAD_TOKEN matches the proxy' : TOKEN_HELP}.`,
      );
    case 429: {
      const seconds = retryAfterSeconds(response, body);
      const when = seconds === undefined ? 'later' : `in ${formatWait(seconds)}`;
      const token = sentToken ? '' : ` This server uploads like an anonymous website visitor; to lift that limit, ${TOKEN_HELP}.`;
      return new UploadError(`The upload route's limit is reached (${status})${said}. Try again ${when}.${token}`, {
        transient: true,
        retryAfterMs: seconds === undefined ? undefined : seconds * 1000,
      });
    }
    default:
      if (response.status >= 500)
        return new UploadError(`The upload route failed (${status})${said}. Try again shortly, or pass image_url instead.`, {
          transient: true,
        });
      return new UploadError(
        `The upload target did not take the photo (${status})${said}. Check that ROOM_UPLOAD_URL is the proxy's upload route (…/api/v1/uploads), or pass image_url instead.`,
      );
  }
}

function fieldsOf(body: unknown): { error?: string | undefined; code?: string | undefined } {
  const record: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { error: text(record.error), code: text(record.code) };
}

function retryAfterSeconds(response: Response, body: unknown): number | undefined {
  const header = parseRetryAfter(response.headers.get('retry-after'));
  if (header !== undefined) return Math.ceil(header / 1000);
  const field: unknown = typeof body === 'object' && body !== null && 'retry_after_seconds' in body ? body.retry_after_seconds : undefined;
  return typeof field === 'number' && field > 0 ? field : undefined;
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}
