/**
 * What reconciliation needs to know about starts, kept in the store so every instance sees it:
 *
 * - **Starts not yet resolved**, counted per 10-second bucket of their start time. A start counts
 *   from just before its POST until the proxy knows its job (the service's answer, or an adoption)
 *   or knows there is none; a start whose outcome is unknown stays counted until it is reconciled
 *   or forgotten. While another unresolved start could have made a job, no job is adopted.
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

export interface StartLedgerOptions {
  /** The upstream POST's timeout. */
  upstreamTimeoutMs: number;
}

/** How long after the POST's own timeout the service may still create its job (the request was in flight). */
const GRACE_MS = 5_000;
const BUCKET_MS = 10_000;
/** A start whose outcome stays unknown is forgotten after this (and its Idempotency-Key may start anew). */
const UNRESOLVED_TTL_MS = 5 * 60_000;

const bucketKey = (at: number) => `starts:${at - (at % BUCKET_MS)}`;
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

  /** Counts the start as unresolved; throws (503) when the store cannot, and then nothing may be sent. */
  async open(start: Start): Promise<void> {
    await this.#store.hit(bucketKey(start.startedAt), this.pendingTtlMs + BUCKET_MS, Number.POSITIVE_INFINITY);
  }

  /** The start is resolved: its job is known, or there is none. */
  async close(start: Start): Promise<void> {
    await this.#store.release(bucketKey(start.startedAt));
  }

  /** Unresolved starts that could have made a job created between `from` and `to`. */
  async unresolvedAround(from: number, to: number): Promise<number> {
    const counts: Promise<number>[] = [];
    for (let at = from - this.#spanMs; at <= to + BUCKET_MS; at += BUCKET_MS) {
      // A hit with a limit of 0 counts nothing and reads the count.
      counts.push(this.#store.hit(bucketKey(at), this.pendingTtlMs + BUCKET_MS, 0).then((hit) => hit.count));
    }
    return (await Promise.all(counts)).reduce((sum, count) => sum + count, 0);
  }

  /** Records that `start` owns the prediction; answers the owner it already had, if another. */
  async claimPrediction(requestId: string, start: Start): Promise<string | undefined> {
    const owner = await this.#store.claim(knownKey(requestId), start.id, 2 * this.pendingTtlMs);
    return owner === start.id ? undefined : owner;
  }

  /** The start that owns the prediction, if the proxy knows it. */
  ownerOf(requestId: string): Promise<string | undefined> {
    return this.#store.get(knownKey(requestId));
  }
}
