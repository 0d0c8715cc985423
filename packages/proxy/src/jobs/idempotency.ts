/**
 * `Idempotency-Key`: the first request with a key claims it atomically; a replay within the TTL
 * gets the first answer without a second upstream call, a replay with another body gets 409.
 * Keys are scoped to the visitor, so one visitor cannot read another's acknowledgement.
 */

import { ProxyHttpError } from '../http/responses.js';
import { sha256 } from '../security/signer.js';
import type { ProxyStore } from '../state/store.js';

type IdempotencyRecord = { state: 'pending'; fingerprint: string } | { state: 'done'; fingerprint: string; status: number; body: unknown };

export interface IdempotencyClaim {
  /** Stores the answer for replays. */
  complete(status: number, body: unknown): Promise<void>;
  /** Forgets the key (nothing was started, so a retry may try again). */
  abandon(): Promise<void>;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Undefined when there is no key. Returns the stored reply for a replay. */
export async function claimIdempotencyKey(
  store: ProxyStore,
  header: string | null,
  scope: { visitor: string; fingerprintOf: string; ttlMs: number },
): Promise<{ replay: { status: number; body: unknown } } | { claim: IdempotencyClaim } | undefined> {
  if (header === null) return undefined;
  if (!KEY_PATTERN.test(header))
    throw new ProxyHttpError(400, 'bad_idempotency_key', 'Idempotency-Key must be 1–255 printable ASCII characters', {
      extra: { field: 'Idempotency-Key' },
    });
  const key = `idem:${scope.visitor}:${await sha256(header)}`;
  const fingerprint = await sha256(scope.fingerprintOf);
  const existing = await store.claim(key, JSON.stringify({ state: 'pending', fingerprint } satisfies IdempotencyRecord), scope.ttlMs);
  if (existing === undefined) {
    return {
      claim: {
        complete: (status, body) =>
          store.set(key, JSON.stringify({ state: 'done', fingerprint, status, body } satisfies IdempotencyRecord), scope.ttlMs),
        abandon: () => store.delete(key),
      },
    };
  }
  const record = JSON.parse(existing) as IdempotencyRecord;
  if (record.fingerprint !== fingerprint) {
    throw new ProxyHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request');
  }
  if (record.state === 'pending') {
    throw new ProxyHttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress', {
      headers: { 'retry-after': '1' },
    });
  }
  return { replay: { status: record.status, body: record.body } };
}
