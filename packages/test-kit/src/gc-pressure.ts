/**
 * For tests of code that must keep its promises while the garbage collector runs: Node's fetch,
 * for one, loses the abort signal of a `Request` after a collection (nodejs/undici#4068), so a
 * timeout that works in a quiet test can be lost in a busy server. Needs `node --expose-gc`.
 */

export interface GcPressure {
  /** Stops the collections and says how many ran. */
  stop(): number;
}

/** Collects garbage every `intervalMs`, with fresh garbage each time, until stopped. */
export function startGcPressure(intervalMs = 10): GcPressure {
  const { gc } = globalThis;
  if (!gc) throw new Error('startGcPressure needs global.gc: run node with --expose-gc');
  let collections = 0;
  const timer = setInterval(() => {
    // Fresh garbage, so that every collection has work to do.
    Array.from({ length: 10_000 }, (_, i) => ({ i }));
    gc();
    collections++;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return collections;
    },
  };
}

export type Settled<T> =
  | { state: 'resolved'; ms: number; value: T }
  | { state: 'rejected'; ms: number; error: unknown }
  | { state: 'pending'; ms: number };

/**
 * How the promise `start()` returns ended, and how long after `start` was called; or `pending`
 * when it had not ended within `limitMs`: "ends on time, not never".
 */
export async function settlesWithin<T>(start: () => Promise<T>, limitMs: number): Promise<Settled<T>> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), limitMs);
  });
  try {
    const outcome = await Promise.race([
      start().then(
        (value) => ({ state: 'resolved' as const, value }),
        (error: unknown) => ({ state: 'rejected' as const, error }),
      ),
      limit,
    ]);
    const ms = Date.now() - started;
    return outcome === 'pending' ? { state: 'pending', ms } : { ...outcome, ms };
  } finally {
    clearTimeout(timer);
  }
}
