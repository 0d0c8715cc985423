/**
 * What signed tokens (visitor cookies, handles) decode to, remembered once their signature checked
 * out: a polling visitor presents the same cookie and handle every time, and an HMAC check plus
 * decoding costs more than the rest of a poll. Keyed by the exact token string (signature included)
 * and kept per signer, so a tampered token or another secret never hits; bounded, least recently
 * used first out. Callers still check expiry and ownership on every read.
 */
import { LruCache } from './lru.js';
import type { Signer } from './signer.js';

const MAX_TOKENS_PER_SIGNER = 10_000;

export class VerifiedTokens<T> {
  readonly #bySigner = new WeakMap<Signer, LruCache<string, T>>();

  of(signer: Signer): LruCache<string, T> {
    let cache = this.#bySigner.get(signer);
    if (!cache) this.#bySigner.set(signer, (cache = new LruCache(MAX_TOKENS_PER_SIGNER)));
    return cache;
  }
}
