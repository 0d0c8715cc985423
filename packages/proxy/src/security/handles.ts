/**
 * Visitor-bound handles: what the browser gets in place of the service's `request_id`. A handle is
 * self-contained (signed claims, no server state), so a restarted proxy with the same secret still
 * serves it; a handle of another visitor, a tampered one or an expired one reads as "not found".
 * The visitor is bound by the signature rather than carried in the handle: the cookie already
 * says who asks, and every poll sends the handle, so it stays short.
 */
import { decodeBase64Url, encodeBase64Url } from '../util/base64url.js';
import type { Signer } from './signer.js';
import { VerifiedTokens } from './verified-tokens.js';

export interface HandleClaims {
  /** Visitor id the handle belongs to. */
  visitor: string;
  /** The service's request id. */
  requestId: string;
  /** When the generation was accepted (ms), so any instance follows the same poll schedule. */
  startedAt: number;
  expiresAt: number;
}

const MAX_HANDLE_LENGTH = 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const verifiedHandles = new VerifiedTokens<HandleClaims>();

/** What the signature covers: the payload for this one visitor (ids and payloads are base64url, so `.` is unambiguous). */
const signed = (visitor: string, payload: string) => `${visitor}.${payload}`;

export async function createHandle(claims: HandleClaims, signer: Signer): Promise<string> {
  const payload = encodeBase64Url(encoder.encode(JSON.stringify([claims.requestId, claims.startedAt, claims.expiresAt])));
  return `${payload}.${await signer.sign('handle', signed(claims.visitor, payload))}`;
}

/** The claims of a valid, unexpired handle owned by `visitor`; undefined otherwise. */
export async function readHandle(
  handle: string,
  visitor: string | undefined,
  signer: Signer,
  now: number,
): Promise<HandleClaims | undefined> {
  if (!visitor || handle.length > MAX_HANDLE_LENGTH) return undefined;
  const claims = await verifiedHandles.read(signer, handle, () => verifiedClaimsOf(handle, visitor, signer));
  if (!claims) return undefined;
  // Ownership (a cached handle was verified for one visitor) and expiry are checked on every read.
  if (claims.visitor !== visitor || claims.expiresAt <= now) return undefined;
  return claims;
}

async function verifiedClaimsOf(handle: string, visitor: string, signer: Signer): Promise<HandleClaims | undefined> {
  const [payload, signature, ...rest] = handle.split('.');
  if (rest.length > 0 || !payload || !signature) return undefined;
  if (!(await signer.verify('handle', signed(visitor, payload), signature))) return undefined;
  return parseClaims(visitor, decodeBase64Url(payload));
}

function parseClaims(visitor: string, bytes: Uint8Array | undefined): HandleClaims | undefined {
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [requestId, startedAt, expiresAt] = value as unknown[];
    if (typeof requestId !== 'string' || typeof startedAt !== 'number' || typeof expiresAt !== 'number') return undefined;
    return { visitor, requestId, startedAt, expiresAt };
  } catch {
    return undefined;
  }
}
