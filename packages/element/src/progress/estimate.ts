/**
 * One progress bar for a whole generation, from the first uploaded byte to the loaded result.
 * The upload is its first part, then the generation eases toward the end without ever reaching it,
 * then loading the images fills the rest. Nothing here goes backwards: the share only grows with
 * time, and the time left is counted down to the end of the service's 10–30 s window (rounded up),
 * so it never promises less time than a usual job needs.
 */

/** Share of the bar for the upload. */
export const UPLOAD_SHARE = 0.15;
/** Share of the bar for loading the result images. */
export const LOAD_SHARE = 0.06;
/** The service says a generation takes about 10–30 s. */
const WINDOW_END_MS = 30_000;
/** Time constant of the easing: three quarters of the generation's share after 20 s. */
const EASE_MS = 14_400;
/** Estimates move in steps a person can read without watching numbers jitter. */
const STEP_MS = 5_000;

/** The bar's share (0–1) after `elapsedMs` of generation. */
export function generationShare(elapsedMs: number): number {
  return UPLOAD_SHARE + (1 - UPLOAD_SHARE - LOAD_SHARE) * (1 - Math.exp(-Math.max(0, elapsedMs) / EASE_MS));
}

/**
 * The time left to promise after `elapsedMs`: the rest of the usual window, rounded up to 5 s;
 * undefined once a job runs longer than usual (then nothing is promised).
 */
export function remainingMs(elapsedMs: number): number | undefined {
  const left = WINDOW_END_MS - Math.max(0, elapsedMs);
  return left > 0 ? Math.ceil(left / STEP_MS) * STEP_MS : undefined;
}
