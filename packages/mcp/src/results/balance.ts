/** The account's balance after a job, for its result; undefined when it cannot be read (the result stands without it). */
import type { ServerContext } from '../context.js';

export function balanceNow(ctx: ServerContext, signal: AbortSignal): Promise<number | undefined> {
  return ctx
    .client()
    .me({ signal })
    .then((account) => account.credits_remaining)
    .catch(() => undefined);
}
