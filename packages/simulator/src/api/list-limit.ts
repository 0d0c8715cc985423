/** Reads `limit` of `GET /api/v1/predictions`: absent → the spec's default; anything but one integer in range → a 400 message. */
import type { operations } from '@room-restyler/core';
import { LIST_LIMIT } from './spec-bounds.js';

type ListQuery = NonNullable<operations['listPredictions']['parameters']['query']>;

/** The parameter's name, checked against the spec's types. */
const LIMIT: keyof ListQuery = 'limit';

export type LimitResult = { ok: true; limit: number } | { ok: false; error: string };

export function readLimit(query: URLSearchParams): LimitResult {
  const given = query.getAll(LIMIT);
  if (given.length === 0) return { ok: true, limit: LIST_LIMIT.default };
  const limit = Number(given[0]);
  if (given.length > 1 || !/^\d+$/.test(given[0] ?? '') || limit < LIST_LIMIT.min || limit > LIST_LIMIT.max)
    return { ok: false, error: `${LIMIT} must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}` };
  return { ok: true, limit };
}
