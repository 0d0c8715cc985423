/**
 * Reads `limit` of `GET /api/v1/predictions`: absent → the spec's default; more than one value, or
 * anything but an integer of at most 100 → a 400 message. The kit's rules also refuse one below 1;
 * the service's documented range (`value <= 100`) does not, and such a limit lists nothing.
 */
import type { operations } from '@room-restyler/core';
import { LIST_LIMIT } from './spec-bounds.js';
import type { RuleSet } from './validate-generation.js';

type ListQuery = NonNullable<operations['listPredictions']['parameters']['query']>;

/** The parameter's name, checked against the spec's types. */
const LIMIT: keyof ListQuery = 'limit';

export type LimitResult = { ok: true; limit: number } | { ok: false; error: string };

export function readLimit(query: URLSearchParams, { kitRules }: RuleSet): LimitResult {
  const given = query.getAll(LIMIT);
  if (given.length === 0) return { ok: true, limit: LIST_LIMIT.default };
  const limit = given.length === 1 && /^-?\d+$/.test(given[0] ?? '') ? Number(given[0]) : Number.NaN;
  const min = kitRules ? LIST_LIMIT.kitMin : Number.NEGATIVE_INFINITY;
  if (!(limit >= min && limit <= LIST_LIMIT.max))
    return { ok: false, error: `${LIMIT} must be an integer ${kitRules ? `from ${min} to` : 'of at most'} ${LIST_LIMIT.max}` };
  return { ok: true, limit: Math.max(limit, 0) };
}
