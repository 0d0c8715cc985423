/**
 * `Idempotency-Key` records in the start store. The first request with a key claims it atomically
 * with a `pending` record of its start, written before the POST; the answer completes it (`done`),
 * and a replay within the TTL gets that answer without a second POST. The same key with another
 * request is refused (`reused`).
 *
 * A record still pending after its start's deadline, or one whose start was answered "unknown",
 * belongs to a start whose outcome was lost: the next request with the key takes it (a short lock
 * in the record itself, by compare-and-set, so only one request reconciles it at a time) and
 * reconciles it before anything new is started. Pending records expire in minutes, not a day.
 *
 * Who owns a key and how requests are fingerprinted is the caller's: it names the record (e.g. per
 * visitor, hashed) and gives the request's fingerprint.
 */
import type { Counted, Start } from './start-ledger.js';
import type { StartStore } from './start-store.js';

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
  | { kind: 'unresolved'; record: KeyRecord; lost: Counted }
  /** The key was used with a different request. */
  | { kind: 'reused' }
  /** The request that holds the key is still running; worth asking again after `retryAfterMs`. */
  | { kind: 'in_progress'; retryAfterMs: number };

export interface KeyScope {
  /** How long a completed answer is replayed. */
  ttlMs: number;
  /** How long a pending record lives. */
  pendingTtlMs: number;
  now: number;
}

/** Claims the record `name` for `start`, or says what became of the request that claimed it first. */
export async function claimKey(store: StartStore, name: string, fingerprint: string, start: Start, scope: KeyScope): Promise<KeyClaim> {
  const record = new KeyRecord(store, name, fingerprint, scope);
  const pending = JSON.stringify({ state: 'pending', fingerprint, start } satisfies PendingRecord);
  const existing = await store.claim(name, pending, scope.pendingTtlMs);
  if (existing === undefined) {
    record.current = pending;
    return { kind: 'claimed', record };
  }
  return record.dispatch(existing);
}

/** The request in flight usually ends within moments: come back soon, and again until it has. */
const SOON_MS = 1_000;

/** One key's record as this request last saw it; every change is a compare-and-set against that. */
export class KeyRecord {
  readonly #store: StartStore;
  readonly #name: string;
  readonly #fingerprint: string;
  readonly #scope: KeyScope;
  /** The record's text as this request wrote or read it last. */
  current = '';

  constructor(store: StartStore, name: string, fingerprint: string, scope: KeyScope) {
    this.#store = store;
    this.#name = name;
    this.#fingerprint = fingerprint;
    this.#scope = scope;
  }

  /** What a request finding `text` gets: a replay, a refusal, or the lock on an unresolved start. */
  async dispatch(text: string | undefined): Promise<KeyClaim> {
    if (text === undefined) return { kind: 'in_progress', retryAfterMs: SOON_MS };
    const record = JSON.parse(text) as IdempotencyRecord;
    if (record.fingerprint !== this.#fingerprint) return { kind: 'reused' };
    if (record.state === 'done') return { kind: 'replay', status: record.status, body: record.body };
    const { now } = this.#scope;
    const { start } = record;
    if (record.lockedUntil !== undefined && record.lockedUntil > now)
      return { kind: 'in_progress', retryAfterMs: record.lockedUntil - now };
    if (record.endedAt === undefined && now < start.deadline) return { kind: 'in_progress', retryAfterMs: start.deadline - now };
    const lockedUntil = now + (start.deadline - start.startedAt);
    // Another request took the lock between our read and our write.
    if (!(await this.#swap(text, JSON.stringify({ ...record, lockedUntil } satisfies PendingRecord))))
      return { kind: 'in_progress', retryAfterMs: SOON_MS };
    // Answered "unknown" (endedAt) and counted so; otherwise its program died with it in flight.
    const lost: Counted =
      record.endedAt === undefined
        ? { start, state: 'in_flight' }
        : { start, state: 'unknown', endedAt: record.endedAt, ...(record.answered ? { answered: true } : {}) };
    return { kind: 'unresolved', record: this, lost };
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
