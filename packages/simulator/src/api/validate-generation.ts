/**
 * Validates enhance/restyle bodies as the service documents them (openapi/room-api.yaml), with the
 * service's exact message for a missing image_url and messages naming the field otherwise. With
 * the kit's rules on (`kitRules`, `--kit-rules`) it also refuses what the service documents as
 * acceptable but the kit never sends (openapi/proxy-api.yaml's EnhanceInput/RestyleInput): an
 * image_url that is no http(s) URL or longer than 2048 characters, a style or room type outside
 * 1 to 64 characters, a field the spec does not list. Without them an unlisted field is dropped.
 * One rule per field of the generated request type: a field the spec adds, removes, renames or
 * makes required breaks the compile of the tables below. (validate-generation.test.ts checks that
 * each rule set accepts what its spec accepts, and nothing more.)
 */
import type { EnhanceRequest, Mode, RestyleRequest } from '@room-restyler/core';
import { isHttpUrl, isUri } from '@room-restyler/core/internal';
import { MODE_IDS } from '@room-restyler/core/vocabulary';
import { MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH } from './spec-bounds.js';

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

/** Exactly the fields of a request schema, each with a rule whose value type and requiredness are the spec's. */
type Rules<T> = { [K in keyof T]-?: Rule<Exclude<T[K], undefined>, IsRequired<T, K>> };

const ok = <V>(value: V): Checked<V> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const isMissing = (value: unknown) => value === undefined || value === null || value === '';
/** JSON Schema counts characters in code points: an emoji is one. */
const codePoints = (text: string) => [...text].length;
const isMode = (value: string): value is Mode => (MODE_IDS as readonly string[]).includes(value);

const required = <V>(check: Rule<V, true>['check']): Rule<V, true> => ({ required: true, check });
const optional = <V>(check: Rule<V, false>['check']): Rule<V, false> => ({ required: false, check });

/** The service's rule: a URI (`format: uri`). The kit's: an http(s) URL of at most 2048 characters. */
const imageUrl =
  ({ kitRules }: RuleSet) =>
  (value: unknown): Checked<string> => {
    if (typeof value !== 'string') return fail('image_url must be a string');
    if (!kitRules) return isUri(value) ? ok(value) : fail('image_url must be an absolute URI');
    if (codePoints(value) > MAX_IMAGE_URL_LENGTH) return fail(`image_url must be at most ${MAX_IMAGE_URL_LENGTH} characters`);
    return isHttpUrl(value) ? ok(value) : fail('image_url must be an absolute http or https URL');
  };

/** A free-text field (style, room type): any string the service documents; 1 to 64 characters by the kit's rule. */
const text =
  (field: string, { kitRules }: RuleSet) =>
  (value: unknown): Checked<string> => {
    if (typeof value !== 'string') return fail(`${field} must be a string`);
    const length = codePoints(value);
    return !kitRules || (length >= 1 && length <= MAX_TEXT_LENGTH)
      ? ok(value)
      : fail(`${field} must be 1 to ${MAX_TEXT_LENGTH} characters`);
  };

const mode = (value: unknown): Checked<Mode> => {
  if (typeof value !== 'string') return fail('mode must be a string');
  return isMode(value) ? ok(value) : fail(`mode must be one of ${MODE_IDS.join(', ')}`);
};

const enhanceRules = (rules: RuleSet): Rules<EnhanceRequest> => ({
  image_url: required(imageUrl(rules)),
  mode: required(mode),
  style: optional(text('style', rules)),
  room_type: optional(text('room_type', rules)),
});

const restyleRules = (rules: RuleSet): Rules<RestyleRequest> => ({
  image_url: required(imageUrl(rules)),
  style: required(text('style', rules)),
  room_type: optional(text('room_type', rules)),
});

const ENHANCE = { documented: enhanceRules({ kitRules: false }), kit: enhanceRules({ kitRules: true }) };
const RESTYLE = { documented: restyleRules({ kitRules: false }), kit: restyleRules({ kitRules: true }) };

function validate<T>(rules: Rules<T>, { kitRules }: RuleSet, body: unknown): ValidationResult<T> {
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
  // The kit's request schemas list every field (additionalProperties: false); the service's leave them open.
  const unknown = kitRules ? Object.keys(fields).find((field) => !Object.hasOwn(rules, field)) : undefined;
  if (unknown !== undefined) return fail(`unknown field ${unknown}`);
  // Every field of T passed its rule above, and the rules are exactly T's fields.
  return { ok: true, request: request as T };
}

const pick = <R>(table: { documented: R; kit: R }, { kitRules }: RuleSet) => (kitRules ? table.kit : table.documented);

export const validateEnhance = (body: unknown, rules: RuleSet): ValidationResult<EnhanceRequest> =>
  validate(pick(ENHANCE, rules), rules, body);
export const validateRestyle = (body: unknown, rules: RuleSet): ValidationResult<RestyleRequest> =>
  validate(pick(RESTYLE, rules), rules, body);
