/**
 * Validates the body of every generation operation as the service documents it
 * (openapi/room-api.yaml), with the service's exact message for a missing image_url and messages
 * naming the field otherwise. With
 * the kit's rules on (`kitRules`, `--kit-rules`) it also refuses what the service documents as
 * acceptable but the kit never sends (openapi/proxy-api.yaml's EnhanceInput/RestyleInput): an
 * image_url that is no http(s) URL or longer than 2048 characters, a style or room type outside
 * 1 to 64 characters, a prompt outside 1 to 1000, more than 10 objects, a field the spec does not
 * list. Without them an unlisted field is dropped — except where the spec leaves a body open
 * (lighting, upscale: their docs are silent), which keeps it.
 * One rule per field of the generated request type: a field the spec adds, removes, renames or
 * makes required breaks the compile of the tables below. (validate-generation.test.ts checks that
 * each rule set accepts what its spec accepts, and nothing more.)
 */
import { type GenerationOperation, generationOperations, type Mode, type OperationBody } from '@room-restyler/core';
import { isHttpUrl, isUri } from '@room-restyler/core/internal';
import { MODE_IDS, STAGING_ROOM_TYPE_IDS, STAGING_STYLE_IDS, VIEW_TYPE_IDS } from '@room-restyler/core/vocabulary';
import { MAX_IMAGE_URL_LENGTH, MAX_OBJECTS, MAX_PROMPT_LENGTH, MAX_TEXT_LENGTH } from './spec-bounds.js';

export type ValidationResult<T> = { ok: true; request: T } | { ok: false; error: string };

/** Which rules hold: the service's documented ones only, or the kit's own stricter ones as well. */
export interface RuleSet {
  kitRules: boolean;
}

type Checked<V> = { ok: true; value: V } | { ok: false; error: string };

interface Rule<V, Required extends boolean> {
  required: Required;
  check: (value: unknown) => Checked<V>;
}

type IsRequired<T, K extends keyof T> = Partial<Pick<T, K>> extends Pick<T, K> ? false : true;
/** The named fields of a schema, without the index signature of an open one. */
type Named<T> = keyof { [K in keyof T as string extends K ? never : K]: true } & keyof T;

/** Exactly the fields of a request schema, each with a rule whose value type and requiredness are the spec's. */
type Rules<T> = { [K in Named<T>]-?: Rule<Exclude<T[K], undefined>, IsRequired<T, K>> };

const ok = <V>(value: V): Checked<V> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const isMissing = (value: unknown) => value === undefined || value === null || value === '';
/** JSON Schema counts characters in code points: an emoji is one. */
const codePoints = (text: string) => [...text].length;

const required = <V>(check: Rule<V, true>['check']): Rule<V, true> => ({ required: true, check });
const optional = <V>(check: Rule<V, false>['check']): Rule<V, false> => ({ required: false, check });

/** The service's rule: a URI (`format: uri`). The kit's: an http(s) URL of at most 2048 characters. */
const url =
  (field: string, { kitRules }: RuleSet) =>
  (value: unknown): Checked<string> => {
    if (typeof value !== 'string') return fail(`${field} must be a string`);
    if (!kitRules) return isUri(value) ? ok(value) : fail(`${field} must be an absolute URI`);
    if (codePoints(value) > MAX_IMAGE_URL_LENGTH) return fail(`${field} must be at most ${MAX_IMAGE_URL_LENGTH} characters`);
    return isHttpUrl(value) ? ok(value) : fail(`${field} must be an absolute http or https URL`);
  };

/** Free text: any string the service documents; 1 to `max` characters by the kit's rule. */
const bounded =
  (field: string, { kitRules }: RuleSet, max: number) =>
  (value: unknown): Checked<string> => {
    if (typeof value !== 'string') return fail(`${field} must be a string`);
    const length = codePoints(value);
    return !kitRules || (length >= 1 && length <= max) ? ok(value) : fail(`${field} must be 1 to ${max} characters`);
  };

/** A style or a room type (free text; 1 to 64 characters by the kit's rule). */
const text = (field: string, rules: RuleSet) => bounded(field, rules, MAX_TEXT_LENGTH);
/** What to generate or change, in words (the docs give no length; the kit's rule: 1 to 1000 characters). */
const prompt = (rules: RuleSet) => bounded('prompt', rules, MAX_PROMPT_LENGTH);

/** One of a spec enum's values. */
const oneOf =
  <V extends string>(field: string, values: readonly V[]) =>
  (value: unknown): Checked<V> => {
    if (typeof value !== 'string') return fail(`${field} must be a string`);
    return (values as readonly string[]).includes(value) ? ok(value as V) : fail(`${field} must be one of ${values.join(', ')}`);
  };

const mode = oneOf<Mode>('mode', MODE_IDS);

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Objects to find, in words: a list (the kit's rule: 1 to 10 of them, each 1 to 64 characters). */
const objectList =
  (rules: RuleSet) =>
  (value: unknown): Checked<string[]> => {
    if (!isStrings(value)) return fail('objects must be a list of strings');
    if (rules.kitRules && (value.length < 1 || value.length > MAX_OBJECTS)) return fail(`objects must name 1 to ${MAX_OBJECTS} things`);
    for (const item of value) {
      const checked = text('objects', rules)(item);
      if (!checked.ok) return checked;
    }
    return ok(value);
  };
/** Remove's `objects`: one description, or (as blur takes it) a list. */
const objectsOrOne =
  (rules: RuleSet) =>
  (value: unknown): Checked<string | string[]> =>
    typeof value === 'string'
      ? text('objects', rules)(value)
      : isStrings(value)
        ? objectList(rules)(value)
        : fail('objects must be a string or a list of strings');

const photoOnly = (rules: RuleSet) => ({ image_url: required(url('image_url', rules)) });
const styleAndRoom = (rules: RuleSet) => ({ style: optional(text('style', rules)), room_type: optional(text('room_type', rules)) });
const fromPrompt = (rules: RuleSet) => ({ prompt: required(prompt(rules)), ...styleAndRoom(rules) });
const masked = (rules: RuleSet) => ({ ...photoOnly(rules), mask_url: required(url('mask_url', rules)), prompt: required(prompt(rules)) });
const fromSketch = (rules: RuleSet) => ({ ...photoOnly(rules), ...styleAndRoom(rules) });

/** Each operation's rules, by the spec's operationId: an operation or a field the spec adds breaks the compile here. */
const OPERATION_RULES: { [O in GenerationOperation]: (rules: RuleSet) => Rules<OperationBody<O>> } = {
  enhance: (rules) => ({ ...photoOnly(rules), mode: required(mode), ...styleAndRoom(rules) }),
  restyle: (rules) => ({ ...photoOnly(rules), style: required(text('style', rules)), room_type: optional(text('room_type', rules)) }),
  emptyRoom: photoOnly,
  lighting: photoOnly,
  windowView: (rules) => ({ ...photoOnly(rules), view_type: required(oneOf('view_type', VIEW_TYPE_IDS)) }),
  clearSky: photoOnly,
  upscale: photoOnly,
  sketchToImage: fromSketch,
  sketch: fromSketch,
  freestyle: fromPrompt,
  generateFromText: fromPrompt,
  modify: masked,
  inpaint: masked,
  edit: (rules) => ({ ...photoOnly(rules), prompt: required(prompt(rules)) }),
  removeObjects: (rules) => ({ ...photoOnly(rules), objects: required(objectsOrOne(rules)) }),
  blurObjects: (rules) => ({ ...photoOnly(rules), objects: required(objectList(rules)) }),
  stage: (rules) => ({
    ...photoOnly(rules),
    style: optional(oneOf('style', STAGING_STYLE_IDS)),
    room_type: optional(oneOf('room_type', STAGING_ROOM_TYPE_IDS)),
  }),
};

function validate<T>(rules: Rules<T>, body: unknown, { kitRules, open }: RuleSet & { open: boolean }): ValidationResult<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail('Request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const request: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries<Rule<unknown, boolean>>(rules)) {
    const value = fields[field];
    if (rule.required && isMissing(value)) return fail(`${field} is required`);
    if (value === undefined) continue;
    const checked = rule.check(value);
    if (!checked.ok) return checked;
    request[field] = checked.value;
  }
  const unlisted = Object.keys(fields).filter((field) => !Object.hasOwn(rules, field));
  if (open) for (const field of unlisted) request[field] = fields[field];
  // The kit's request schemas list every field (additionalProperties: false); the service's leave them open.
  else if (kitRules && unlisted[0] !== undefined) return fail(`unknown field ${unlisted[0]}`);
  // Every field of T passed its rule above, and the rules are exactly T's fields.
  return { ok: true, request: request as T };
}

export const validateBody = <O extends GenerationOperation>(
  operation: O,
  body: unknown,
  rules: RuleSet,
): ValidationResult<OperationBody<O>> =>
  // Where the docs are silent (`x-docs-silent`), the service's spec leaves the body open: every other field is kept.
  // The kit sends the photo only (its input schemas are closed), so its rules refuse the rest.
  validate(OPERATION_RULES[operation](rules), body, { ...rules, open: !rules.kitRules && generationOperations[operation].docsSilent });
