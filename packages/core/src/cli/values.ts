/**
 * Readers for flag and environment values. Each message names what was read (`--port`,
 * `ROOM_PROXY_TRUST_PROXY`) and what it got, so a typo never passes silently.
 */
import { normalizeBaseUrl } from '../base-url.js';
import { UsageError } from './usage-error.js';

const got = (value: string) => `got "${value}"`;

export function readInteger(name: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, ${got(value)}`);
  return n;
}

export function readPort(name: string, value: string): number {
  return readInteger(name, value, 0, 65_535);
}

/** A share from 0 to 1. */
export function readRate(name: string, value: string): number {
  const n = /^(?:0(?:\.\d*)?|\.\d+|1(?:\.0*)?)$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(n)) throw new UsageError(`${name} must be a number from 0 to 1, ${got(value)}`);
  return n;
}

/** `MIN-MAX` or `N` milliseconds. */
export function readRange(name: string, value: string): { min: number; max: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!match) throw new UsageError(`${name} must be MIN-MAX or N in milliseconds, ${got(value)}`);
  const min = readInteger(name, match[1] as string, 0, 3_600_000);
  const max = match[2] === undefined ? min : readInteger(name, match[2], 0, 3_600_000);
  if (min > max) throw new UsageError(`${name}: MIN must not exceed MAX, ${got(value)}`);
  return { min, max };
}

/** `true`/`false` (also `1`/`0`); anything else is refused rather than read as false. */
export function readBoolean(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new UsageError(`${name} must be true or false, ${got(value)}`);
}

export function readUrl(name: string, value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new UsageError(`${name} must be an http(s) URL, ${got(value)}`);
  return value;
}

/** A service base URL (`ROOM_API_BASE_URL`) in the kit's one reading: origin or `…/api/v1`, any trailing slash. */
export function readBaseUrl(name: string, value: string): string {
  const checked = normalizeBaseUrl(value);
  if (!checked.ok) throw new UsageError(`${name} ${checked.problem}`);
  return checked.baseUrl;
}

export function readNonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
  return value;
}
