/**
 * Visitor-bound handles: what the browser gets in place of the service's `request_id`. A handle is
 * self-contained (signed claims, no server state), so a restarted proxy with the same secret still
 * serves it; a handle of another visitor, a tampered one or an expired one reads as "not found".
 */
import { decodeBase64Url, encodeBase64Url } from './base64url.js';
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

export async function createHandle(claims: HandleClaims, signer: Signer): Promise<string> {
  const payload = encodeBase64Url(encoder.encode(JSON.stringify([claims.visitor, claims.requestId, claims.startedAt, claims.expiresAt])));
  return `${payload}.${await signer.sign('handle', payload)}`;
}

/** The claims of a valid, unexpired handle owned by `visitor`; undefined otherwise. */
export async function readHandle(handle: string, visitor: string | undefined, signer: Signer, now: number): Promise<HandleClaims | undefined> {
  if (!visitor || handle.length > MAX_HANDLE_LENGTH) return undefined;
  const cache = verifiedHandles.of(signer);
  let claims = cache.get(handle);
  if (!claims) {
    claims = await verifiedClaimsOf(handle, signer);
    if (!claims) return undefined;
    cache.set(handle, claims);
  }
  // Ownership and expiry are checked on every read, cached or not.
  if (claims.visitor !== visitor || claims.expiresAt <= now) return undefined;
  return claims;
}

async function verifiedClaimsOf(handle: string, signer: Signer): Promise<HandleClaims | undefined> {
  const [payload, signature, ...rest] = handle.split('.');
  if (rest.length > 0 || !payload || !signature) return undefined;
  if (!(await signer.verify('handle', payload, signature))) return undefined;
  return parseClaims(decodeBase64Url(payload));
}

function parseClaims(bytes: Uint8Array | undefined): HandleClaims | undefined {
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [visitor, requestId, startedAt, expiresAt] = value as unknown[];
    if (typeof visitor !== 'string' || typeof requestId !== 'string' || typeof startedAt !== 'number' || typeof expiresAt !== 'number') return undefined;
    return { visitor, requestId, startedAt, expiresAt };
  } catch {
    return undefined;
  }
}
