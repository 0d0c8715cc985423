/**
 * Per-request fault injection for /api/v1. One seeded draw per request picks the outcome, so a
 * sequential client sees the same faults for the same seed.
 *
 * A reset is either `reset-before` (the request never reached the service: nothing happened) or
 * `reset-after` (the service did its work, then the connection died before the answer: a POST
 * may have created a job and charged for it). Both are equally likely — which is exactly why a
 * client must not blindly resend a generation POST after a reset.
 */
import type { ResolvedOptions } from '../options.js';
import { createRng, hash32, type Rng } from '../random/prng.js';

export type Fault = 'none' | 'server-error' | 'rate-limit' | 'reset-before' | 'reset-after';

export class FaultInjector {
  readonly #rng: Rng;

  constructor(private readonly rates: Pick<ResolvedOptions, 'seed' | 'errorRate' | 'rateLimitRate' | 'resetRate'>) {
    this.#rng = createRng(hash32(rates.seed, 'faults'));
  }

  draw(): Fault {
    const { resetRate, errorRate, rateLimitRate } = this.rates;
    const roll = this.#rng();
    const resetAfter = this.#rng() < 0.5;
    if (roll < resetRate) return resetAfter ? 'reset-after' : 'reset-before';
    if (roll < resetRate + errorRate) return 'server-error';
    if (roll < resetRate + errorRate + rateLimitRate) return 'rate-limit';
    return 'none';
  }
}
