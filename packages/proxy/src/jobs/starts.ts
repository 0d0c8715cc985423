/**
 * What reconciliation needs to know about starts, kept in the store so every instance sees it:
 *
 * - **Starts not yet resolved**, counted per 10-second bucket of their start time, in two states:
 *   `in_flight` from just before the POST until the proxy hears back, `unknown` once its answer is
 *   lost. A start is resolved when the proxy knows its job (the service's answer, or an adoption)
 *   or knows there is none. An in-flight count older than any POST can be is a start whose proxy
 *   died: it counts as unknown. Reconciliation waits for starts in flight (they resolve within
 *   moments) and adopts nothing another start whose answer was lost could own.
 * - **Known predictions**: every request id the proxy learned, mapped to the start that owns it.
 *   A prediction someone already owns is never adopted, and two starts adopting one prediction
 *   race on one atomic claim, so only one can win.
 */
import type { ProxyStore } from '../state/store.js';
import { randomId } from '../util/base64url.js';

export interface Start {
  id: string;
  /** Just before the POST (ms). */
  startedAt: number;
  /** After this, the POST has ended whatever happened (its timeout plus a grace): a job it made exists by now. */
  deadline: number;
}

export type StartState = 'in_flight' | 'unknown';

/** A start as the ledger counts it now; `endedAt`: when its POST failed, for one whose answer was lost. */
export interface Counted {
  start: Start;
  state: StartState;
  endedAt?: number;
  /**
   * The service itself answered at `endedAt` (a 5xx, an acknowledgement naming no job): whatever it
   * did, it did before answering, so a job it made was created by then — not as late as the deadline.
   */
  answered?: boolean;
}

/** Unresolved starts, other than the one asking, that could have made a given job. */
export interface Rivals {
  inFlight: number;
  unknown: number;
}

/** A prediction the proxy knows: its start, and for an acknowledged one when its POST was sent and answered. */
export interface KnownJob {
  start: string;
  sent?: number;
  answered?: number;
}

function parseKnown(text: string): KnownJob | undefined {
  try {
    const value = JSON.parse(text) as KnownJob;
    return typeof value?.start === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface StartLedgerOptions {
  /** The upstream POST's timeout. */
  upstreamTimeoutMs: number;
}

/** How long after the POST's own timeout the service may still create its job (the request was in flight). */
const GRACE_MS = 5_000;
const BUCKET_MS = 10_000;
/** A start whose outcome stays unknown is forgotten after this (and its Idempotency-Key may start anew). */
const UNRESOLVED_TTL_MS = 5 * 60_000;

const bucketOf = (at: number) => at - (at % BUCKET_MS);
const bucketKey = (state: StartState, at: number) => `starts:${state}:${bucketOf(at)}`;
const knownKey = (requestId: string) => `known:${requestId}`;

export class StartLedger {
  readonly #store: ProxyStore;
  readonly #spanMs: number;
  /** How long a pending Idempotency-Key record and the count of its start are kept. */
  readonly pendingTtlMs: number;

  constructor(store: ProxyStore, options: StartLedgerOptions) {
    this.#store = store;
    this.#spanMs = options.upstreamTimeoutMs + GRACE_MS;
    this.pendingTtlMs = Math.max(UNRESOLVED_TTL_MS, 4 * this.#spanMs);
  }

  /** A new start at `now`, not yet counted. */
  newStart(now: number): Start {
    return { id: randomId(12), startedAt: now, deadline: now + this.#spanMs };
  }

  /** Counts the start as in flight; throws (503) when the store cannot, and then nothing may be sent. */
  async open(start: Start): Promise<void> {
    await this.#count(bucketKey('in_flight', start.startedAt), Number.POSITIVE_INFINITY);
  }

  /** Its answer is lost: counted as unknown from now on. */
  async markUnknown(start: Start): Promise<void> {
    await this.#count(bucketKey('unknown', start.startedAt), Number.POSITIVE_INFINITY);
    await this.#store.release(bucketKey('in_flight', start.startedAt));
  }

  /** The start is resolved (its job is known, or there is none), from the state it was counted in. */
  async close(start: Start, state: StartState): Promise<void> {
    await this.#store.release(bucketKey(state, start.startedAt));
  }

  /**
   * Unresolved starts other than `self` (counted as `state`) that could have made a job created
   * between `from` and `to` (proxy time): started from a deadline's span before `from` to `to`.
   */
  async rivals(from: number, to: number, self: Start, state: StartState, now: number): Promise<Rivals> {
    const rivals: Rivals = { inFlight: 0, unknown: 0 };
    const buckets: number[] = [];
    for (let at = bucketOf(from - this.#spanMs); at <= to; at += BUCKET_MS) buckets.push(at);
    const counts = await Promise.all(
      buckets.map(async (at) => ({
        at,
        // A hit with a limit of 0 counts nothing and reads the count.
        inFlight: (await this.#count(bucketKey('in_flight', at), 0)).count,
        unknown: (await this.#count(bucketKey('unknown', at), 0)).count,
      })),
    );
    for (const bucket of counts) {
      rivals.unknown += bucket.unknown;
      // Past every deadline a start of this bucket could have: its proxy is gone, its answer lost.
      if (this.#stale(bucket.at, now)) rivals.unknown += bucket.inFlight;
      else rivals.inFlight += bucket.inFlight;
    }
    const selfCounted = state === 'unknown' || this.#stale(bucketOf(self.startedAt), now) ? 'unknown' : 'inFlight';
    rivals[selfCounted] = Math.max(0, rivals[selfCounted] - 1);
    return rivals;
  }

  /**
   * Records that `start` owns the prediction; answers the owner it already had, if another.
   * `answeredAt`: when the service's acknowledgement arrived (the job was created between the
   * start and then, which tells reconciliation how the service's clock stands to the proxy's).
   */
  async claimPrediction(requestId: string, start: Start, answeredAt?: number): Promise<string | undefined> {
    const known: KnownJob =
      answeredAt === undefined ? { start: start.id } : { start: start.id, sent: start.startedAt, answered: answeredAt };
    const existing = await this.#store.claim(knownKey(requestId), JSON.stringify(known), 2 * this.pendingTtlMs);
    const owner = existing === undefined ? start.id : parseKnown(existing)?.start;
    return owner === start.id ? undefined : (owner ?? 'unreadable');
  }

  /** What the proxy knows of the prediction: the start that owns it. */
  async known(requestId: string): Promise<KnownJob | undefined> {
    const text = await this.#store.get(knownKey(requestId));
    return text === undefined ? undefined : (parseKnown(text) ?? { start: 'unreadable' });
  }

  #count(key: string, limit: number) {
    return this.#store.hit(key, this.pendingTtlMs + BUCKET_MS, limit);
  }

  #stale(bucket: number, now: number): boolean {
    return bucket + this.#spanMs <= now;
  }
}
