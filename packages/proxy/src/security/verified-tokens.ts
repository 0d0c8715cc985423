/**
 * What signed tokens (visitor cookies, handles) decode to, remembered once their signature checked
 * out: a polling visitor presents the same cookie and handle every time, and an HMAC check plus
 * decoding costs more than the rest of a poll. Keyed by the exact token string (signature included)
 * and kept per signer, so a tampered token or another secret never hits; bounded, tokens not
 * used lately are forgotten. Callers still check expiry and ownership on every read.
 */
import { RecentCache } from './recent-cache.js';
import type { Signer } from './signer.js';

const MAX_TOKENS_PER_SIGNER = 10_000;

export class VerifiedTokens<T> {
  readonly #bySigner = new WeakMap<Signer, RecentCache<string, T>>();

  of(signer: Signer): RecentCache<string, T> {
    let cache = this.#bySigner.get(signer);
    if (!cache) this.#bySigner.set(signer, (cache = new RecentCache(MAX_TOKENS_PER_SIGNER)));
    return cache;
  }
}
