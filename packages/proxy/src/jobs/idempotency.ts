/**
 * `Idempotency-Key` records. The first request with a key claims it atomically with a `pending`
 * record of its start, written before the upstream POST; the answer completes it (`done`), and a
 * replay within the TTL gets that answer without a second upstream call. The same key with another
 * body is refused (409). Keys are scoped to the visitor, so one visitor cannot read another's answer.
 *
 * A record still pending after its start's deadline, or one whose start was answered "unknown",
 * belongs to a start whose outcome was lost: the next request with the key takes it (a short lock
 * in the record itself, by compare-and-set, so only one request reconciles it at a time) and
 * reconciles it before anything new is started. Pending records expire in minutes, not a day.
 */
import type { Counted, Start } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import { sha256 } from '../security/signer.js';
import type { ProxyStore } from '../state/store.js';

type PendingRecord = {
  state: 'pending';
  fingerprint: string;
  start: Start;
  /** Set when the start was answered "unknown": the next request with the key may reconcile at once. */
  endedAt?: number;
  /** The service answered at `endedAt` (see Counted). */
  answered?: true;
  /** A request is reconciling the start until then. */
  lockedUntil?: number;
};
type DoneRecord = { state: 'done'; fingerprint: string; status: number; body: unknown };
type IdempotencyRecord = PendingRecord | DoneRecord;

export type KeyClaim =
  /** The key is ours, with `start` recorded as pending. */
  | { kind: 'claimed'; record: KeyRecord }
  | { kind: 'replay'; status: number; body: unknown }
  /** A start of this key whose outcome is unknown (and how it is counted); `record` is locked for this request. */
  | { kind: 'unresolved'; record: KeyRecord; lost: Counted };

export interface KeyScope {
  visitor: string;
  fingerprintOf: string;
  /** How long a completed answer is replayed. */
  ttlMs: number;
  /** How long a pending record lives. */
  pendingTtlMs: number;
  now: number;
}

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

/** Claims `key` for `start`, or says what became of the request that claimed it first. */
export async function claimIdempotencyKey(store: ProxyStore, key: string, start: Start, scope: KeyScope): Promise<KeyClaim> {
  const name = `idem:${scope.visitor}:${await sha256(key)}`;
  const fingerprint = await sha256(scope.fingerprintOf);
  const record = new KeyRecord(store, name, fingerprint, scope);
  const pending = JSON.stringify({ state: 'pending', fingerprint, start } satisfies PendingRecord);
  const existing = await store.claim(name, pending, scope.pendingTtlMs);
  if (existing === undefined) {
    record.current = pending;
    return { kind: 'claimed', record };
  }
  return record.dispatch(existing);
}

/** One key's record as this request last saw it; every change is a compare-and-set against that. */
export class KeyRecord {
  readonly #store: ProxyStore;
  readonly #name: string;
  readonly #fingerprint: string;
  readonly #scope: KeyScope;
  /** The record's text as this request wrote or read it last. */
  current = '';

  constructor(store: ProxyStore, name: string, fingerprint: string, scope: KeyScope) {
    this.#store = store;
    this.#name = name;
    this.#fingerprint = fingerprint;
    this.#scope = scope;
  }

  /** What a request finding `text` gets: a replay, a 409, or the lock on an unresolved start. */
  async dispatch(text: string | undefined): Promise<KeyClaim> {
    if (text === undefined) throw inProgress(1_000);
    const record = JSON.parse(text) as IdempotencyRecord;
    if (record.fingerprint !== this.#fingerprint) {
      throw new ProxyHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request');
    }
    if (record.state === 'done') return { kind: 'replay', status: record.status, body: record.body };
    const { now } = this.#scope;
    const { start } = record;
    if (record.lockedUntil !== undefined && record.lockedUntil > now) throw inProgress(record.lockedUntil - now);
    if (record.endedAt === undefined && now < start.deadline) throw inProgress(start.deadline - now);
    const lockedUntil = now + (start.deadline - start.startedAt);
    // Another request took the lock between our read and our write.
    if (!(await this.#swap(text, JSON.stringify({ ...record, lockedUntil } satisfies PendingRecord)))) throw inProgress(1_000);
    // Answered "unknown" (endedAt) and counted so; otherwise its proxy died with it in flight.
    const lost: Counted =
      record.endedAt === undefined
        ? { start, state: 'in_flight' }
        : { start, state: 'unknown', endedAt: record.endedAt, ...(record.answered ? { answered: true } : {}) };
    return { kind: 'unresolved', record: this, lost };
  }

  /** The record now, after a compare-and-set found it changed. */
  async reread(): Promise<KeyClaim> {
    return this.dispatch(await this.#store.get(this.#name));
  }

  /** Stores the answer for replays; false when the record changed meanwhile (another request resolved it). */
  complete(status: number, body: unknown): Promise<boolean> {
    return this.#swap(
      this.current,
      JSON.stringify({ state: 'done', fingerprint: this.#fingerprint, status, body } satisfies DoneRecord),
      this.#scope.ttlMs,
    );
  }

  /** Records a new start in place of the one reconciled as never started. */
  restart(start: Start): Promise<boolean> {
    return this.#swap(this.current, JSON.stringify({ state: 'pending', fingerprint: this.#fingerprint, start } satisfies PendingRecord));
  }

  /** The start's outcome is unknown: the next request with the key may reconcile it at once. */
  unresolved({ start, endedAt, answered }: Counted, now: number): Promise<boolean> {
    const record: PendingRecord = { state: 'pending', fingerprint: this.#fingerprint, start, endedAt: endedAt ?? now };
    if (answered) record.answered = true;
    return this.#swap(this.current, JSON.stringify(record));
  }

  /** Forgets the key (nothing was started, so a retry may try again). */
  abandon(): Promise<void> {
    return this.#store.delete(this.#name);
  }

  async #swap(expected: string, next: string, ttlMs = this.#scope.pendingTtlMs): Promise<boolean> {
    const swapped = await this.#store.replace(this.#name, expected, next, ttlMs);
    if (swapped) this.current = next;
    return swapped;
  }
}

/** The request in flight usually ends within moments: come back soon, and again until it has. */
const IN_PROGRESS_RETRY_MS = 2_000;

function inProgress(waitMs: number): ProxyHttpError {
  const seconds = String(Math.max(1, Math.ceil(Math.min(waitMs, IN_PROGRESS_RETRY_MS) / 1000)));
  return new ProxyHttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress', {
    headers: { 'retry-after': seconds },
  });
}
