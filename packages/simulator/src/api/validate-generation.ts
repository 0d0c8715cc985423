/**
 * Validates enhance/restyle bodies as the spec's EnhanceRequest/RestyleRequest schemas do, with
 * the service's exact message for a missing image_url and messages naming the field otherwise.
 * (validate-generation.test.ts checks that this agrees with the schemas in openapi/room-api.yaml.)
 */
import type { GenerationRequest } from '../state/jobs.js';
import type { GenerationOperation } from '../state/stats.js';

export type ValidationResult = { ok: true; request: GenerationRequest } | { ok: false; error: string };

const MAX_TEXT = 64;
/** Characters RFC 3986 allows in a URI (the spec's `format: uri`), percent-escapes checked separately. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
/** Enhance without a style still needs a look; the real service picks one too. */
export const DEFAULT_ENHANCE_STYLE = 'modern';

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

function isWebUrl(value: string): boolean {
  if (!URI_CHARACTERS.test(value) || /%(?![0-9A-Fa-f]{2})/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** An optional free-text field: a string of 1 to 64 characters. */
function textError(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.length < 1 || value.length > MAX_TEXT) return `${field} must be 1 to ${MAX_TEXT} characters`;
  return undefined;
}

export function validateGeneration(operation: GenerationOperation, body: unknown): ValidationResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'Request body must be a JSON object' };
  const fields = body as Record<string, unknown>;
  const { image_url: imageUrl, style, mode, room_type: roomType } = fields;

  if (isMissing(imageUrl)) return { ok: false, error: 'image_url is required' };
  if (typeof imageUrl !== 'string') return { ok: false, error: 'image_url must be a string' };
  if (!isWebUrl(imageUrl)) return { ok: false, error: 'image_url must be an absolute http or https URL' };
  if (operation === 'restyle' && isMissing(style)) return { ok: false, error: 'style is required' };

  const error =
    textError('style', style) ?? (operation === 'enhance' ? textError('mode', mode) : undefined) ?? textError('room_type', roomType);
  if (error) return { ok: false, error };

  return {
    ok: true,
    request: {
      imageUrl,
      style: (style as string | undefined) ?? DEFAULT_ENHANCE_STYLE,
      // Enhance stages by default (staging, empty-room, or any other mode); only mode=restyle regrades.
      mode: operation === 'restyle' || mode === 'restyle' ? 'restyle' : 'staging',
      ...(typeof roomType === 'string' && { roomType }),
    },
  };
}
