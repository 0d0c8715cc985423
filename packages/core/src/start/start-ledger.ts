/**
 * The start ledger: what reconciliation needs to know about the starts of one deployment (one API
 * key), kept in its store so every instance sees it:
 *
 * - **Starts not yet resolved**, counted per 10-second bucket of their start time, in two states:
 *   `in_flight` from just before the POST until the answer, `unknown` once its answer is lost. A
 *   start is resolved when its job is known (the service's answer, or an adoption) or it is known
 *   to have made none. An in-flight count older than any POST can be is a start whose program
 *   died: it counts as unknown. Reconciliation waits for starts in flight (they resolve within
 *   moments) and adopts nothing another start whose answer was lost could own.
 * - **Known predictions**: every request id accepted or adopted, mapped to the start that owns it.
 *   A prediction someone already owns is never adopted, and two starts adopting one prediction
 *   race on one atomic claim, so only one can win. Acknowledged ones also record when their POST
 *   was sent and answered (how the service's clock stands to ours, service-clock.ts).
 * - **Since when** every start is recorded (the first start the store saw): a listed job created
 *   since then that is neither known nor could be an unresolved start's was made by another program
 *   using the same key (foreign-jobs.ts).
 */
import { randomKey } from '../random-key.js';
import type { StartStore } from './start-store.js';

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

/** The unresolved starts of one 10-second bucket of start times. */
export interface Bucket extends Rivals {
  at: number;
}

/** A prediction the ledger knows: its start, and for an acknowledged one when its POST was sent and answered. */
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
  /** The POST's timeout. */
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
const SINCE_KEY = 'starts:since';
/** How long the ledger remembers since when it records every start; then the next start notes its own time. */
const SINCE_TTL_MS = 24 * 60 * 60_000;

export class StartLedger {
  readonly #store: StartStore;
  /** From a start to its deadline. */
  readonly spanMs: number;
  /** How long a pending Idempotency-Key record and the count of its start are kept. */
  readonly pendingTtlMs: number;

  constructor(store: StartStore, options: StartLedgerOptions) {
    this.#store = store;
    this.spanMs = options.upstreamTimeoutMs + GRACE_MS;
    this.pendingTtlMs = Math.max(UNRESOLVED_TTL_MS, 4 * this.spanMs);
  }

  /** A new start at `now`, not yet counted. */
  newStart(now: number): Start {
    return { id: randomKey(), startedAt: now, deadline: now + this.spanMs };
  }

  /** Counts the start as in flight; throws when the store cannot, and then nothing may be sent. */
  async open(start: Start): Promise<void> {
    // First: a store that cannot note it counts nothing either.
    await this.#store.claim(SINCE_KEY, String(start.startedAt), SINCE_TTL_MS);
    await this.#count(bucketKey('in_flight', start.startedAt), Number.POSITIVE_INFINITY);
  }

  /** Since when every start is recorded (undefined: no start yet, or the store lost it). */
  async recordingSince(): Promise<number | undefined> {
    const text = await this.#store.get(SINCE_KEY);
    const since = Number(text);
    return text === undefined || !Number.isFinite(since) ? undefined : since;
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
   * between `from` and `to` (ledger time): started from a deadline's span before `from` to `to`.
   */
  async rivals(from: number, to: number, self: Start, state: StartState, now: number): Promise<Rivals> {
    const rivals: Rivals = { inFlight: 0, unknown: 0 };
    for (const bucket of await this.buckets(from, to, now, { start: self, state })) {
      rivals.inFlight += bucket.inFlight;
      rivals.unknown += bucket.unknown;
    }
    return rivals;
  }

  /**
   * The unresolved starts per bucket of start times, of every start that could have made a job
   * created between `from` and `to`; `self` (counted as its state) left out.
   */
  async buckets(from: number, to: number, now: number, self?: Counted): Promise<Bucket[]> {
    const starts: number[] = [];
    for (let at = bucketOf(from - this.spanMs); at <= to; at += BUCKET_MS) starts.push(at);
    return Promise.all(
      starts.map(async (at) => {
        // A hit with a limit of 0 counts nothing and reads the count.
        let inFlight = (await this.#count(bucketKey('in_flight', at), 0)).count;
        let unknown = (await this.#count(bucketKey('unknown', at), 0)).count;
        if (self && at === bucketOf(self.start.startedAt)) {
          if (self.state === 'in_flight') inFlight = Math.max(0, inFlight - 1);
          else unknown = Math.max(0, unknown - 1);
        }
        // Past every deadline a start of this bucket could have: its program is gone, its answer lost.
        return this.#stale(at, now) ? { at, inFlight: 0, unknown: unknown + inFlight } : { at, inFlight, unknown };
      }),
    );
  }

  /** Whether an unresolved start of `bucket` could have made a job created between `from` and `to`. */
  couldMake(bucket: Bucket, from: number, to: number): boolean {
    return bucket.at <= to && bucket.at + BUCKET_MS > from - this.spanMs;
  }

  /**
   * Records that `start` owns the prediction (every accepted id is recorded); answers the owner it
   * already had, if another. `answeredAt`: when the service's acknowledgement arrived (the job was
   * created between the start and then, which tells reconciliation how the service's clock stands to ours).
   */
  async claimPrediction(requestId: string, start: Start, answeredAt?: number): Promise<string | undefined> {
    const known: KnownJob =
      answeredAt === undefined ? { start: start.id } : { start: start.id, sent: start.startedAt, answered: answeredAt };
    const existing = await this.#store.claim(knownKey(requestId), JSON.stringify(known), 2 * this.pendingTtlMs);
    const owner = existing === undefined ? start.id : parseKnown(existing)?.start;
    return owner === start.id ? undefined : (owner ?? 'unreadable');
  }

  /** What the ledger knows of the prediction: the start that owns it. */
  async known(requestId: string): Promise<KnownJob | undefined> {
    const text = await this.#store.get(knownKey(requestId));
    return text === undefined ? undefined : (parseKnown(text) ?? { start: 'unreadable' });
  }

  #count(key: string, limit: number) {
    return this.#store.hit(key, this.pendingTtlMs + BUCKET_MS, limit);
  }

  #stale(bucket: number, now: number): boolean {
    return bucket + this.spanMs <= now;
  }
}
