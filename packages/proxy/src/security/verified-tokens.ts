/**
 * What signed or sealed tokens (visitor cookies, handles) decode to, remembered once they checked
 * out: a polling visitor presents the same cookie and handle every time, and an HMAC check or a
 * decryption plus decoding costs more than the rest of a poll. Keyed by the exact token string and
 * kept per key holder (signer, sealer), so a tampered token or another secret never hits; bounded,
 * tokens not used lately are forgotten. Callers still check expiry and ownership on every read.
 */
import { RecentCache } from '../util/recent-cache.js';

const MAX_TOKENS_PER_KEY_HOLDER = 10_000;

export class VerifiedTokens<T> {
  readonly #byKeyHolder = new WeakMap<object, RecentCache<string, T>>();

  /** What `token` decodes to for `keyHolder`: remembered, or from `verify` (remembered when valid). */
  async read(keyHolder: object, token: string, verify: () => Promise<T | undefined>): Promise<T | undefined> {
    let cache = this.#byKeyHolder.get(keyHolder);
    if (!cache) {
      cache = new RecentCache(MAX_TOKENS_PER_KEY_HOLDER);
      this.#byKeyHolder.set(keyHolder, cache);
    }
    const known = cache.get(token);
    if (known !== undefined) return known;
    const verified = await verify();
    if (verified !== undefined) cache.set(token, verified);
    return verified;
  }
}
