/** The real timers behind every wait of the client (on vitest's fake timers: no real time passes). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadline, sleep } from './abort.js';
import { AbortError, TimeoutError } from './errors.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** How a promise stands once the timers have run to `ms`: settled with a value, rejected, or still pending. */
async function stateAfter(promise: Promise<unknown>, ms: number) {
  let state: { settled: 'pending' } | { settled: 'resolved' } | { settled: 'rejected'; reason: unknown } = { settled: 'pending' };
  promise.then(
    () => {
      state = { settled: 'resolved' };
    },
    (reason: unknown) => {
      state = { settled: 'rejected', reason };
    },
  );
  await vi.advanceTimersByTimeAsync(ms);
  return state;
}

/** The 'abort' listeners a signal holds, counted as they are added and removed. */
function abortListeners(signal: AbortSignal): () => number {
  const held = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  vi.spyOn(signal, 'addEventListener').mockImplementation((...args: Parameters<typeof add>) => {
    if (args[0] === 'abort') held.add(args[1]);
    add(...args);
  });
  vi.spyOn(signal, 'removeEventListener').mockImplementation((...args: Parameters<typeof remove>) => {
    if (args[0] === 'abort') held.delete(args[1]);
    remove(...args);
  });
  return () => held.size;
}

describe('sleep', () => {
  it('resolves after its time, not before', async () => {
    const slept = sleep(1_000);
    expect(await stateAfter(slept, 999)).toEqual({ settled: 'pending' });
    expect(await stateAfter(slept, 1)).toEqual({ settled: 'resolved' });
  });

  it('rejects with the signal’s reason at once when it aborts, and when it was aborted already', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    const reason = new AbortError('stop');
    controller.abort(reason);
    expect(await stateAfter(slept, 0)).toEqual({ settled: 'rejected', reason });
    expect(await stateAfter(sleep(60_000, controller.signal), 0)).toEqual({ settled: 'rejected', reason });
  });

  it('leaves no listener on the signal once it has slept', async () => {
    const controller = new AbortController();
    const count = abortListeners(controller.signal);
    const slept = sleep(10, controller.signal);
    expect(count()).toBe(1);
    await stateAfter(slept, 10);
    expect(count()).toBe(0);
  });
});

describe('deadline', () => {
  const timedOut = () => new TimeoutError('too late', { timeoutMs: 100 });

  it('aborts with the timeout’s error when its time is up', async () => {
    const guard = deadline(100, undefined, timedOut);
    await vi.advanceTimersByTimeAsync(99);
    expect(guard.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(guard.signal.reason).toBeInstanceOf(TimeoutError);
  });

  it.each([0, -1, 2 ** 31, Number.POSITIVE_INFINITY])('has no timeout for %s ms (a timer that long would fire at once)', async (ms) => {
    const guard = deadline(ms, undefined, timedOut);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(guard.signal.aborted).toBe(false);
  });

  it('keeps the longest timer there is', async () => {
    const guard = deadline(2 ** 31 - 1, undefined, timedOut);
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect(guard.signal.reason).toBeInstanceOf(TimeoutError);
  });

  it('follows the caller’s abort with an AbortError that keeps the caller’s reason as its cause', () => {
    const controller = new AbortController();
    const guard = deadline(1_000, controller.signal, timedOut);
    const why = new Error('the user left');
    controller.abort(why);
    expect(guard.signal.reason).toBeInstanceOf(AbortError);
    expect(guard.signal.reason).toMatchObject({ message: 'The operation was aborted', cause: why });
  });

  it('keeps a caller’s AbortError as it is, and is aborted already when the caller was', () => {
    const reason = new AbortError('the user left');
    const guard = deadline(1_000, AbortSignal.abort(reason), timedOut);
    expect(guard.signal.reason).toBe(reason);
  });

  it('stops its timer and leaves the caller’s signal when disposed', async () => {
    const controller = new AbortController();
    const count = abortListeners(controller.signal);
    const guard = deadline(100, controller.signal, timedOut);
    expect(count()).toBe(1);
    guard.dispose();
    expect(count()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(guard.signal.aborted).toBe(false);
  });
});
