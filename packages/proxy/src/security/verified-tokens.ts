/**
 * What signed tokens (visitor cookies, handles) decode to, remembered once their signature checked
 * out: a polling visitor presents the same cookie and handle every time, and an HMAC check plus
 * decoding costs more than the rest of a poll. Keyed by the exact token string (signature included)
 * and kept per signer, so a tampered token or another secret never hits; bounded, tokens not
 * used lately are forgotten. Callers still check expiry and ownership on every read.
 */
import { RecentCache } from '../util/recent-cache.js';
import type { Signer } from './signer.js';

const MAX_TOKENS_PER_SIGNER = 10_000;

export class VerifiedTokens<T> {
  readonly #bySigner = new WeakMap<Signer, RecentCache<string, T>>();

  /** What `token` decodes to: remembered, or from `verify` (remembered when valid). */
  async read(signer: Signer, token: string, verify: () => Promise<T | undefined>): Promise<T | undefined> {
    let cache = this.#bySigner.get(signer);
    if (!cache) {
      cache = new RecentCache(MAX_TOKENS_PER_SIGNER);
      this.#bySigner.set(signer, cache);
    }
    const known = cache.get(token);
    if (known !== undefined) return known;
    const verified = await verify();
    if (verified !== undefined) cache.set(token, verified);
    return verified;
  }
}
