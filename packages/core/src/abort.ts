/** Small helpers for waits that must stop at once on abort or timeout. */
import { AbortError, type RoomApiError } from './errors.js';

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; `once` only lets go of the listener sooner.
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface Deadline {
  /** Aborts when the caller aborts or the time is up; the reason is an AbortError or the timeout's error. */
  readonly signal: AbortSignal;
  /** Stops the timer and detaches from the caller's signal. */
  dispose(): void;
}

/**
 * A signal that follows the caller's signal and also fires after `timeoutMs` (wall-clock time,
 * whatever clock the caller waits on), with the error `timedOut` makes.
 */
export function deadline(timeoutMs: number, callerSignal: AbortSignal | undefined, timedOut: () => RoomApiError): Deadline {
  const controller = new AbortController();
  const onAbort = () => controller.abort(abortErrorFrom(callerSignal?.reason));
  // No timeout for 0 or Infinity; timers longer than 2^31-1 ms would fire at once.
  const timer = timeoutMs > 0 && timeoutMs < 2 ** 31 ? setTimeout(() => controller.abort(timedOut()), timeoutMs) : undefined;
  if (callerSignal?.aborted) onAbort();
  else {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; `once` only lets go of the listener sooner.
    callerSignal?.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

function abortErrorFrom(reason: unknown): AbortError {
  if (reason instanceof AbortError) return reason;
  return new AbortError('The operation was aborted', { cause: reason });
}

/** Time as the client sees it; injectable so tests and benchmarks can run minutes of polling in milliseconds. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep };
