/**
 * One progress bar for a whole generation, from the first uploaded byte to the loaded result.
 * The upload is its first part, then the generation eases toward the end without ever reaching it,
 * then loading the images fills the rest. Nothing here goes backwards: the share only grows with
 * time, and the time left is counted down to the end of the service's 10–30 s window (rounded up),
 * so it never promises less time than a usual job needs — or, once the proxy knows how long this
 * site's jobs take (`expectedMs`, their recent median), to that time, by the second.
 */

/** Share of the bar for the upload. */
export const UPLOAD_SHARE = 0.15;
/** Share of the bar for loading the result images. */
export const LOAD_SHARE = 0.06;
/** The service says a generation takes about 10–30 s. */
const WINDOW_END_MS = 30_000;
/** A typical job of the service, when the proxy knows none of this site's. */
const TYPICAL_MS = 20_000;
/** Estimates of the service's window move in steps a person can read without watching numbers jitter. */
const STEP_MS = 5_000;

/** The bar's share (0–1) after `elapsedMs` of generation: three quarters of the generation's share after a typical job. */
export function generationShare(elapsedMs: number, expectedMs = TYPICAL_MS): number {
  return UPLOAD_SHARE + (1 - UPLOAD_SHARE - LOAD_SHARE) * (1 - 0.25 ** (Math.max(0, elapsedMs) / expectedMs));
}

/**
 * The time left to promise after `elapsedMs`: the rest of the usual window, rounded up to 5 s, or
 * of the site's usual time, rounded up to 1 s; undefined once a job runs longer (then nothing is promised).
 */
export function remainingMs(elapsedMs: number, expectedMs?: number): number | undefined {
  const step = expectedMs ? 1_000 : STEP_MS;
  const left = (expectedMs || WINDOW_END_MS) - Math.max(0, elapsedMs);
  return left > 0 ? Math.ceil(left / step) * step : undefined;
}
