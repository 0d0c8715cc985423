/**
 * The `Idempotency-Key` header of a generation POST. The service does not document it; the
 * simulator records it (stats) and does not dedupe on it. Its length bounds are a kit rule
 * (`x-kit-rule: true` in the spec), held only with the kit's rules on.
 */
import type { IncomingMessage } from 'node:http';
import type { GenerationOperation, operations } from '@room-restyler/core';
import { IDEMPOTENCY_KEY_LENGTH } from './spec-bounds.js';
import type { RuleSet } from './validate-generation.js';

/** The header's name, checked against the spec's generated types. */
const IDEMPOTENCY_KEY: keyof NonNullable<operations[GenerationOperation]['parameters']['header']> = 'Idempotency-Key';

export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false; error: string };

export function readIdempotencyKey(req: IncomingMessage, { kitRules }: RuleSet): IdempotencyKeyResult {
  const value = req.headers[IDEMPOTENCY_KEY.toLowerCase()];
  const key = Array.isArray(value) ? value.join(', ') : (value ?? null);
  const { min, max } = IDEMPOTENCY_KEY_LENGTH;
  if (kitRules && key !== null && (key.length < min || key.length > max))
    return { ok: false, error: `${IDEMPOTENCY_KEY} must be ${min} to ${max} characters` };
  return { ok: true, key };
}
