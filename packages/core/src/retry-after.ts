/**
 * `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Returns milliseconds to wait (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Absent, empty or unreadable: no date.
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
