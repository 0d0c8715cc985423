/**
 * Input schemas for the two generation operations, shared by the proxy (400 before any credit is
 * spent) and the MCP server (tool input schemas). They are the kit's rules: the service's request
 * bodies (openapi/room-api.yaml, which says only what the service documents) under the stricter
 * bounds of the proxy's spec (openapi/proxy-api.yaml's `EnhanceInput` and `RestyleInput`: http(s)
 * URLs of at most 2048 characters, 1 to 64 characters of style and room type, no other field).
 * The compile-time checks at the end of this file hold them equal to the types of both specs, so a
 * spec change that these schemas do not follow breaks the build; schemas.spec-parity.test.ts holds
 * the bounds. Lengths count code points, as JSON Schema does. Values of style and room type stay
 * free text: the vocabulary is a suggestion.
 */
import { z } from 'zod';
import type { components as ProxyComponents } from './generated/proxy-api.js';
import type { EnhanceRequest, RestyleRequest } from './types.js';
import { isHttpUrl } from './uri.js';
import { MODE_IDS, ROOM_TYPE_IDS, STYLE_IDS } from './vocabulary.js';

/** The kit's bounds (`maxLength` of the proxy spec's StyleInput, RoomTypeInput and ImageUrlInput); the service documents none. */
export const MAX_TEXT_LENGTH = 64;
export const MAX_IMAGE_URL_LENGTH = 2048;

const codePoints = (text: string) => [...text].length;
const required = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`),
});

const text = (what: string, known: readonly string[]) =>
  z
    .string(required(what))
    .trim()
    .refine((value) => codePoints(value) >= 1, { error: `${what} must not be empty` })
    .refine((value) => codePoints(value) <= MAX_TEXT_LENGTH, { error: `${what} must be at most ${MAX_TEXT_LENGTH} characters` })
    .describe(`${what}. Known values: ${known.join(', ')}; other text is passed to the service as is.`);

export const imageUrlSchema = z
  .string(required('image_url'))
  .trim()
  .refine((value) => codePoints(value) <= MAX_IMAGE_URL_LENGTH, { error: `image_url must be at most ${MAX_IMAGE_URL_LENGTH} characters` })
  .refine(isHttpUrl, { error: 'image_url must be an absolute http(s) URL' })
  .describe('Absolute http(s) URL of the room photo. The service must be able to fetch it.');

export const styleSchema = text('style', STYLE_IDS);
export const roomTypeSchema = text('room_type', ROOM_TYPE_IDS);
export const modeSchema = z
  .enum(MODE_IDS, {
    error: (issue) => (issue.input === undefined ? 'mode is required' : `mode must be one of ${MODE_IDS.join(', ')}`),
  })
  .describe('staging furnishes an empty room, restyle redesigns a furnished one, empty-room removes the furniture.');

const objectError = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys?.join(', ')}` : 'the body must be a JSON object',
};

export const enhanceInputSchema = z.strictObject(
  {
    image_url: imageUrlSchema,
    mode: modeSchema,
    style: styleSchema.exactOptional(),
    room_type: roomTypeSchema.exactOptional(),
  },
  objectError,
);

export const restyleInputSchema = z.strictObject(
  {
    image_url: imageUrlSchema,
    style: styleSchema,
    room_type: roomTypeSchema.exactOptional(),
  },
  objectError,
);

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

// The schemas and both specs say the same thing, in both directions: when the service's spec or
// the proxy's changes (a field added, removed, renamed, made required, an enum narrowed), this
// stops compiling.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const specMatches = <Check extends true>(check: Check) => check;
type KitInput = ProxyComponents['schemas'];
specMatches<Same<z.output<typeof enhanceInputSchema>, EnhanceRequest>>(true);
specMatches<Same<z.output<typeof restyleInputSchema>, RestyleRequest>>(true);
specMatches<Same<z.input<typeof enhanceInputSchema>, EnhanceRequest>>(true);
specMatches<Same<z.input<typeof restyleInputSchema>, RestyleRequest>>(true);
specMatches<Same<z.input<typeof enhanceInputSchema>, KitInput['EnhanceInput']>>(true);
specMatches<Same<z.input<typeof restyleInputSchema>, KitInput['RestyleInput']>>(true);
