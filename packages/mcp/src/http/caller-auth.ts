/**
 * Who may call the HTTP endpoint, and with which service key. Three modes: open (loopback use),
 * a shared `ROOM_MCP_TOKEN`, or bring-your-own-key, where the caller's `Authorization: Bearer`
 * is its own service key — the server's key is then never spent for a caller. Keys and tokens are
 * compared by hash, never logged and never put in an answer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerOf } from './guards.js';

export type CallerAuth = { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'byok' };

/** What a session's server is made for: with BYOK, the caller's own service key. */
export interface Caller {
  apiKey?: string | undefined;
}

export type Authentication = { ok: true; caller: Caller } | { ok: false; message: string };

export function authenticate(auth: CallerAuth, authorization: string | undefined): Authentication {
  if (auth.kind === 'open') return { ok: true, caller: {} };
  const bearer = bearerOf(authorization);
  if (auth.kind === 'token')
    return bearer !== undefined && sameSecret(bearer, auth.token)
      ? { ok: true, caller: {} }
      : { ok: false, message: 'Unauthorized: send Authorization: Bearer <ROOM_MCP_TOKEN> (the static token set on this server)' };
  return bearer === undefined
    ? { ok: false, message: 'Unauthorized: this server uses your own service key; send Authorization: Bearer <your ROOM_API_KEY>' }
    : { ok: true, caller: { apiKey: bearer } };
}

/** A fingerprint of the caller's key, to hold a session to the key that opened it (not the key itself). */
export function keyFingerprint(caller: Caller): Buffer | undefined {
  return caller.apiKey === undefined ? undefined : digest(caller.apiKey);
}

export function sameFingerprint(a: Buffer | undefined, b: Buffer | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return timingSafeEqual(a, b);
}

/** Hashing first gives equal lengths, so the comparison time says nothing about the secret. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const digest = (value: string) => createHash('sha256').update(value).digest();
