/**
 * Validates enhance/restyle bodies as the spec's EnhanceRequest/RestyleRequest schemas do, with
 * the service's exact message for a missing image_url and messages naming the field otherwise.
 * One rule per field of the generated request type: a field the spec adds, removes, renames or
 * makes required breaks the compile of the tables below. (validate-generation.test.ts checks
 * that the rules accept what the schemas in openapi/room-api.yaml accept, and nothing more.)
 */
import type { EnhanceRequest, Mode, RestyleRequest } from '@room-restyler/core';
import { MODE_IDS } from '@room-restyler/core/vocabulary';
import { MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH } from './spec-bounds.js';

export type ValidationResult<T> = { ok: true; request: T } | { ok: false; error: string };

type Checked<V> = { ok: true; value: V } | { ok: false; error: string };

interface Rule<V, Required extends boolean> {
  required: Required;
  check: (value: unknown) => Checked<V>;
}

type IsRequired<T, K extends keyof T> = Partial<Pick<T, K>> extends Pick<T, K> ? false : true;

/** Exactly the fields of a request schema, each with a rule whose value type and requiredness are the spec's. */
type Rules<T> = { [K in keyof T]-?: Rule<Exclude<T[K], undefined>, IsRequired<T, K>> };

/** Characters RFC 3986 allows in a URI (the spec's `format: uri`), percent-escapes checked separately. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

const ok = <V>(value: V): Checked<V> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const isMissing = (value: unknown) => value === undefined || value === null || value === '';
/** JSON Schema counts characters in code points: an emoji is one. */
const codePoints = (text: string) => [...text].length;
const isMode = (value: string): value is Mode => (MODE_IDS as readonly string[]).includes(value);

function isWebUrl(value: string): boolean {
  if (!URI_CHARACTERS.test(value) || /%(?![0-9A-Fa-f]{2})/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const required = <V>(check: Rule<V, true>['check']): Rule<V, true> => ({ required: true, check });
const optional = <V>(check: Rule<V, false>['check']): Rule<V, false> => ({ required: false, check });

const imageUrl = (value: unknown): Checked<string> => {
  if (typeof value !== 'string') return fail('image_url must be a string');
  if (codePoints(value) > MAX_IMAGE_URL_LENGTH) return fail(`image_url must be at most ${MAX_IMAGE_URL_LENGTH} characters`);
  return isWebUrl(value) ? ok(value) : fail('image_url must be an absolute http or https URL');
};

/** A free-text field (style, room type): a string of 1 to 64 characters. */
const text =
  (field: string) =>
  (value: unknown): Checked<string> => {
    if (typeof value !== 'string') return fail(`${field} must be a string`);
    const length = codePoints(value);
    return length >= 1 && length <= MAX_TEXT_LENGTH ? ok(value) : fail(`${field} must be 1 to ${MAX_TEXT_LENGTH} characters`);
  };

const mode = (value: unknown): Checked<Mode> => {
  if (typeof value !== 'string') return fail('mode must be a string');
  return isMode(value) ? ok(value) : fail(`mode must be one of ${MODE_IDS.join(', ')}`);
};

const ENHANCE: Rules<EnhanceRequest> = {
  image_url: required(imageUrl),
  mode: required(mode),
  style: optional(text('style')),
  room_type: optional(text('room_type')),
};

const RESTYLE: Rules<RestyleRequest> = {
  image_url: required(imageUrl),
  style: required(text('style')),
  room_type: optional(text('room_type')),
};

function validate<T>(rules: Rules<T>, body: unknown): ValidationResult<T> {
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
  // The spec's request schemas list every field (additionalProperties: false).
  const unknown = Object.keys(fields).find((field) => !Object.hasOwn(rules, field));
  if (unknown !== undefined) return fail(`unknown field ${unknown}`);
  // Every field of T passed its rule above, and the rules are exactly T's fields.
  return { ok: true, request: request as T };
}

export const validateEnhance = (body: unknown): ValidationResult<EnhanceRequest> => validate(ENHANCE, body);
export const validateRestyle = (body: unknown): ValidationResult<RestyleRequest> => validate(RESTYLE, body);
