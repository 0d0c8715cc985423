/**
 * The browser's `Idempotency-Key`: checked, scoped to the visitor (one visitor cannot read
 * another's answer), hashed into the name of its record, and claimed through core's records
 * (pending before the upstream POST, done after it, the lock for reconciling a lost start). What
 * core reports as a reused key or a request still in progress is answered here as a 409.
 */
import { claimKey, type KeyClaim, type KeyScope, type Start } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import { sha256 } from '../security/keys.js';
import type { ProxyStore } from '../state/store.js';

/** What a request with a key goes on with: its own record, a replay, or a lost start to reconcile. */
type KeyOutcome = Extract<KeyClaim, { kind: 'claimed' | 'replay' | 'unresolved' }>;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The checked header, or undefined when there is none; a malformed one is a 400. */
export function idempotencyKeyOf(header: string | null): string | undefined {
  if (header === null) return undefined;
  if (!KEY_PATTERN.test(header))
    throw new ProxyHttpError(400, 'bad_idempotency_key', 'Idempotency-Key must be 1–255 printable ASCII characters', {
      extra: { field: 'Idempotency-Key' },
    });
  return header;
}

/** Claims the visitor's `key` for `start` (`request`: the request as text), or says what became of the request that claimed it first. */
export async function claimIdempotencyKey(
  store: ProxyStore,
  key: string,
  start: Start,
  { visitor, request, ...scope }: KeyScope & { visitor: string; request: string },
): Promise<KeyOutcome> {
  const claim = await claimKey(store, `idem:${visitor}:${await sha256(key)}`, await sha256(request), start, scope);
  if (claim.kind === 'reused')
    throw new ProxyHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request');
  if (claim.kind === 'in_progress') throw inProgress(claim.retryAfterMs);
  return claim;
}

/** Come back soon, and again until the request in flight has ended. */
const IN_PROGRESS_RETRY_MS = 2_000;

export function inProgress(waitMs: number): ProxyHttpError {
  const seconds = String(Math.max(1, Math.ceil(Math.min(waitMs, IN_PROGRESS_RETRY_MS) / 1000)));
  return new ProxyHttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress', {
    headers: { 'retry-after': seconds },
  });
}
