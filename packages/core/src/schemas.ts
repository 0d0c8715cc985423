/**
 * Input schemas for every generation operation, shared by the proxy (400 before any credit is
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
import type { GenerationOperation, OperationBody } from './operations.js';
import type { ProxyOperationBody } from './proxy-client.js';
import type { EnhanceRequest, RestyleRequest } from './types.js';
import { isHttpUrl } from './uri.js';
import { MODE_IDS, ROOM_TYPE_IDS, STAGING_ROOM_TYPE_IDS, STAGING_STYLE_IDS, STYLE_IDS, VIEW_TYPE_IDS } from './vocabulary.js';

/** The kit's bounds (`maxLength` of the proxy spec's StyleInput, RoomTypeInput and ImageUrlInput); the service documents none. */
export const MAX_TEXT_LENGTH = 64;
export const MAX_IMAGE_URL_LENGTH = 2048;
/** The kit's bounds on a prompt and on the objects named to remove or blur (the service documents none). */
export const MAX_PROMPT_LENGTH = 1000;
export const MAX_OBJECTS = 10;

const codePoints = (text: string) => [...text].length;
const required = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`),
});

const boundedText = (what: string, max: number) =>
  z
    .string(required(what))
    .trim()
    .refine((value) => codePoints(value) >= 1, { error: `${what} must not be empty` })
    .refine((value) => codePoints(value) <= max, { error: `${what} must be at most ${max} characters` });

const text = (what: string, known: readonly string[]) =>
  boundedText(what, MAX_TEXT_LENGTH).describe(`${what}. Known values: ${known.join(', ')}; other text is passed to the service as is.`);

const httpUrl = (what: string) =>
  z
    .string(required(what))
    .trim()
    .refine((value) => codePoints(value) <= MAX_IMAGE_URL_LENGTH, { error: `${what} must be at most ${MAX_IMAGE_URL_LENGTH} characters` })
    .refine(isHttpUrl, { error: `${what} must be an absolute http(s) URL` });

const oneOf = <T extends string>(what: string, values: readonly T[]) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be one of ${values.join(', ')}`) });

export const imageUrlSchema = httpUrl('image_url').describe(
  'Absolute http(s) URL of the room photo. The service must be able to fetch it.',
);
export const maskUrlSchema = httpUrl('mask_url').describe(
  'Absolute http(s) URL of the mask, a PNG the size of the photo: white areas are changed, black ones kept.',
);
export const promptSchema = boundedText('prompt', MAX_PROMPT_LENGTH).describe('What to generate or change, in words.');
export const viewTypeSchema = oneOf('view_type', VIEW_TYPE_IDS).describe('The view to put in the windows.');
const objectName = boundedText('objects', MAX_TEXT_LENGTH);
export const objectsSchema = z
  .array(objectName, { error: 'objects must be a list of what to find, in words' })
  .min(1, { error: 'objects must name at least one thing' })
  .max(MAX_OBJECTS, { error: `objects may name at most ${MAX_OBJECTS} things` })
  .describe('What to find in the photo, in words (e.g. faces, license plates).');

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

const imageOnlyInputSchema = z.strictObject({ image_url: imageUrlSchema }, objectError);

/** Sketch to room (`/sketch-to-image`, `/sketch`): the sketch, optionally a style and a room type. */
const sketchInputSchema = z.strictObject(
  { image_url: imageUrlSchema, style: styleSchema.exactOptional(), room_type: roomTypeSchema.exactOptional() },
  objectError,
);
/** A room from words (`/freestyle`, `/generate`): no photo. */
const promptInputSchema = z.strictObject(
  { prompt: promptSchema, style: styleSchema.exactOptional(), room_type: roomTypeSchema.exactOptional() },
  objectError,
);
/** Modify and inpaint: the photo, the mask and what to put there. */
const maskedEditInputSchema = z.strictObject({ image_url: imageUrlSchema, mask_url: maskUrlSchema, prompt: promptSchema }, objectError);

/** Every generation operation's input schema, by operationId (the checks at the end hold each to its body in the spec). */
export const operationInputSchemas = {
  enhance: enhanceInputSchema,
  restyle: restyleInputSchema,
  emptyRoom: imageOnlyInputSchema,
  // The docs leave these two bodies open: the kit sends the photo only.
  lighting: imageOnlyInputSchema,
  upscale: imageOnlyInputSchema,
  windowView: z.strictObject({ image_url: imageUrlSchema, view_type: viewTypeSchema }, objectError),
  clearSky: imageOnlyInputSchema,
  sketchToImage: sketchInputSchema,
  sketch: sketchInputSchema,
  freestyle: promptInputSchema,
  generateFromText: promptInputSchema,
  modify: maskedEditInputSchema,
  inpaint: maskedEditInputSchema,
  edit: z.strictObject({ image_url: imageUrlSchema, prompt: promptSchema }, objectError),
  removeObjects: z.strictObject({ image_url: imageUrlSchema, objects: z.union([objectName, objectsSchema]) }, objectError),
  blurObjects: z.strictObject({ image_url: imageUrlSchema, objects: objectsSchema }, objectError),
  stage: z.strictObject(
    {
      image_url: imageUrlSchema,
      style: oneOf('style', STAGING_STYLE_IDS).exactOptional(),
      room_type: oneOf('room_type', STAGING_ROOM_TYPE_IDS).exactOptional(),
    },
    objectError,
  ),
} as const satisfies { [O in GenerationOperation]: z.ZodType };

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

/** Validate the body of `operation`'s start with its schema: a typed body, or the problem and its field. */
export function checkOperationInput<O extends GenerationOperation>(operation: O, body: unknown): InputCheck<OperationBody<O>> {
  // The checks below hold every schema's output to its operation's body; the index loses which one.
  return checkInput(operationInputSchemas[operation] as z.ZodType<OperationBody<O>>, body);
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
// Every operation's schema takes and gives exactly its body in the service's spec — but for the
// bodies the docs leave open (lighting, upscale), which the kit closes: there it must fit the spec.
type Inputs = typeof operationInputSchemas;
type OpenBody = 'lighting' | 'upscale';
type Differs<Of extends 'input' | 'output'> = {
  [O in Exclude<GenerationOperation, OpenBody>]: Same<
    Of extends 'input' ? z.input<Inputs[O]> : z.output<Inputs[O]>,
    OperationBody<O>
  > extends true
    ? never
    : O;
}[Exclude<GenerationOperation, OpenBody>];
specMatches<Same<Differs<'input'> | Differs<'output'>, never>>(true);
specMatches<{ [O in OpenBody]: z.output<Inputs[O]> extends OperationBody<O> ? true : false }[OpenBody]>(true);
// And each takes exactly the kit's input the proxy's spec gives that operation.
type ProxyDiffers = {
  [O in GenerationOperation]: Same<z.input<Inputs[O]>, ProxyOperationBody<O>> extends true ? never : O;
}[GenerationOperation];
specMatches<Same<ProxyDiffers, never>>(true);
