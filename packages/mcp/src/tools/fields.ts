/**
 * Tool argument schemas, built from core's input schemas so the MCP server accepts exactly what
 * the service (and the proxy) accept. Known styles and room types are offered, free text passes.
 */
import { MODES, ROOM_TYPE_IDS, STYLE_IDS } from '@room-restyler/core';
import {
  imageUrlSchema,
  MAX_IMAGE_URL_LENGTH,
  MAX_OBJECTS,
  MAX_PROMPT_LENGTH,
  MAX_TEXT_LENGTH,
  maskUrlSchema,
  modeSchema,
  objectsSchema,
  promptSchema,
  roomTypeSchema,
  styleSchema,
  viewTypeSchema,
} from '@room-restyler/core/schemas';
import { z } from 'zod';
import type { FileAccess } from '../files/file-access.js';

const MAX_WAIT_SECONDS = 55;
const DEFAULT_WAIT_SECONDS = 40;

/**
 * The limits core's schemas enforce in code (refinements), stated in the listed JSON Schema too:
 * the proxy spec's ImageUrlInput (an http(s) URL of at most 2048 characters) and StyleInput /
 * RoomTypeInput (1 to 64 characters, not all white space); no `format: uri`, which strict mode and Gemini refuse. The
 * server trims first, so it also takes them padded.
 */
const URL_LIMITS = { pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength: MAX_IMAGE_URL_LENGTH };
const TEXT_LIMITS = { minLength: 1, maxLength: MAX_TEXT_LENGTH, pattern: '\\S' };
const PROMPT_LIMITS = { ...TEXT_LIMITS, maxLength: MAX_PROMPT_LENGTH };

export const imageUrlField = imageUrlSchema
  .optional()
  .describe(`Public http(s) URL of the room photo, at most ${MAX_IMAGE_URL_LENGTH} characters (the service downloads it).`)
  .meta({ ...URL_LIMITS, examples: ['https://example.com/listing/empty-bedroom.jpg'] });

export const maskUrlField = maskUrlSchema
  .optional()
  .describe(
    `Public http(s) URL of the mask: a PNG the size of the photo, white where to change, black where to keep (at most ${MAX_IMAGE_URL_LENGTH} characters).`,
  )
  .meta(URL_LIMITS);

export const promptField = promptSchema
  .optional()
  .describe(`What to change or create, in words (1–${MAX_PROMPT_LENGTH} characters).`)
  .meta({ ...PROMPT_LIMITS, examples: ['a blue velvet sofa'] });

export const viewTypeField = viewTypeSchema.optional().describe('The view to put in the windows.');

export const objectsField = objectsSchema
  .optional()
  .describe(`What to find in the photo, in words: 1–${MAX_OBJECTS} names of 1–${MAX_TEXT_LENGTH} characters.`)
  .meta({ examples: [['faces', 'license plates']] });

export const styleField = styleSchema
  .describe(
    `Interior style. Known: ${STYLE_IDS.join(', ')}. Other short text (e.g. "art deco", 1–${MAX_TEXT_LENGTH} characters) is passed to the service as is.`,
  )
  .meta({ ...TEXT_LIMITS, examples: ['scandinavian', 'japandi', 'mid_century_modern'] });

export const roomTypeField = roomTypeSchema
  .optional()
  .describe(`Type of room. Known: ${ROOM_TYPE_IDS.join(', ')}. Other short text (1–${MAX_TEXT_LENGTH} characters) is passed as is.`)
  .meta({ ...TEXT_LIMITS, examples: ['bedroom', 'living_room'] });

export const modeField = modeSchema
  .default('staging')
  .describe(`What to do with the photo: ${MODES.map((m) => `${m.id} (${m.label.toLowerCase()})`).join(', ')}. Default: staging.`)
  .meta({ examples: ['staging'] });

export const waitSecondsField = z
  .number()
  .int()
  .min(0)
  .max(MAX_WAIT_SECONDS)
  .default(DEFAULT_WAIT_SECONDS)
  .describe(
    `How long to wait for the images in this call, 0–${MAX_WAIT_SECONDS} s (default ${DEFAULT_WAIT_SECONDS}). Jobs take about 10–30 s. ` +
      'If the job is not done in time, the result gives the id to pass to `prediction`.',
  );

export const previewsField = z
  .boolean()
  .default(true)
  .describe('Include small downscaled previews of the images in the result (all together at most ~900 KB; default true).');

/** Where a path argument points, in the words of the transport: the user's computer, or the folder an HTTP server shares. */
export function whereFilesAre(access: FileAccess, example: 'file' | 'folder'): string {
  return access === 'anywhere'
    ? 'on this computer (an absolute path, ~/… or file://)'
    : `in the server's shared folder, as a path relative to it (e.g. ${example === 'file' ? 'listing-12/bedroom.jpg' : 'listing-12/staged'})`;
}

const pathField = (description: string) => z.string().min(1).optional().describe(description);

/**
 * `image_path`, `save_dir` (and, with `mask`, `mask_path`) as the transport lets them be used: none
 * when this server touches no files (HTTP without --files-root).
 */
export function withFileFields<Shape extends z.ZodRawShape>(access: FileAccess, shape: Shape, mask = false) {
  const file = whereFilesAre(access, 'file');
  const all = z.object({
    ...shape,
    image_path: pathField(`A .jpg/.png/.webp room photo ${file}, uploaded first (needs ROOM_UPLOAD_URL). Give this or image_url.`),
    mask_path: pathField(`The mask as a .png file ${file}, uploaded like image_path. Give this or mask_url.`),
    save_dir: pathField(`Folder ${whereFilesAre(access, 'folder')} to save the full-size images into; created if missing.`),
  });
  // Not offered when off, but still let through (loose): a caller that sends one anyway is told why it
  // is refused before anything starts. All are optional, so the type is the same.
  if (access === 'off') return all.omit({ image_path: true, mask_path: true, save_dir: true }).loose() as unknown as typeof all;
  return mask ? all : (all.omit({ mask_path: true }) as unknown as typeof all);
}

export const requestIdField = z
  .string()
  .trim()
  .min(1, { error: 'id must not be empty' })
  .max(256)
  .describe('The request_id returned by the generation tool that started the job.');

/** Arguments every job-returning tool takes. */
export const jobDeliveryFields = { wait_seconds: waitSecondsField, previews: previewsField };
