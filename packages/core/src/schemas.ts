/**
 * Input schemas for the two generation operations, shared by the proxy (400 before any credit is
 * spent) and the MCP server (tool input schemas). Shapes are checked; values stay free text
 * because the service accepts styles and room types beyond the known vocabulary.
 */
import { z } from 'zod';
import { MODE_IDS, ROOM_TYPE_IDS, STYLE_IDS } from './vocabulary.js';

/** Lowercase words joined by `_` or `-`, or free text of letters, digits and spaces. */
const VOCABULARY_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} _'-]*$/u;

const vocabularyText = (what: string, known: readonly string[]) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`) })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(64, { error: `${what} must be at most 64 characters` })
    .regex(VOCABULARY_TEXT, { error: `${what} may contain only letters, digits, spaces, _ and -` })
    .describe(`${what}. Known values: ${known.join(', ')}; other text is passed to the service as is.`);

export const imageUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'image_url is required' : 'image_url must be a string') })
  .trim()
  .max(2048, { error: 'image_url must be at most 2048 characters' })
  .refine(isHttpUrl, { error: 'image_url must be an absolute http(s) URL' })
  .describe('Absolute http(s) URL of the room photo. The service must be able to fetch it.');

export const styleSchema = vocabularyText('style', STYLE_IDS);
export const roomTypeSchema = vocabularyText('room_type', ROOM_TYPE_IDS);
export const modeSchema = vocabularyText('mode', MODE_IDS);

const objectError = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys?.join(', ')}` : 'the body must be a JSON object',
};

export const enhanceInputSchema = z.strictObject(
  {
    image_url: imageUrlSchema,
    mode: modeSchema.optional(),
    style: styleSchema.optional(),
    room_type: roomTypeSchema.optional(),
  },
  objectError,
);

export const restyleInputSchema = z.strictObject(
  {
    image_url: imageUrlSchema,
    style: styleSchema,
    room_type: roomTypeSchema.optional(),
  },
  objectError,
);

export type EnhanceInput = z.infer<typeof enhanceInputSchema>;
export type RestyleInput = z.infer<typeof restyleInputSchema>;

/** The outcome of validating a body: the parsed input, or the first problem with the field it concerns. */
export type InputCheck<T> = { ok: true; value: T } | { ok: false; field: string | undefined; message: string };

/** Validate a generation body; the message names the field, ready for a 400 `{ error }`. */
export function checkInput<T>(schema: z.ZodType<T>, body: unknown): InputCheck<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.length ? String(issue.path[0]) : undefined;
  return { ok: false, field, message: issue?.message ?? 'invalid body' };
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}
