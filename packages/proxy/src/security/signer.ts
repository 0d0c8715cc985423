/**
 * HMAC-SHA256 signatures over WebCrypto, so visitor cookies are signed the same way on Node and on
 * edge runtimes (handles are sealed instead: sealer.ts). Every signed value carries a purpose
 * prefix, so a signature made for one purpose never passes for another.
 *
 * Signatures are truncated to 128 bits (RFC 2104 §5): forging one still takes 2^128 guesses, and
 * every poll carries the cookie, so shorter tokens mean less to send, parse and hash.
 */
import { decodeBase64Url, encodeBase64Url } from '../util/base64url.js';

export type SignaturePurpose = 'visitor' | 'upload';

export interface Signer {
  sign(purpose: SignaturePurpose, data: string): Promise<string>;
  /** Constant-time check. */
  verify(purpose: SignaturePurpose, data: string, signature: string): Promise<boolean>;
}

const SIGNATURE_BYTES = 16;
const encoder = new TextEncoder();

export function createSigner(secret: string): Signer {
  if (secret.length < 16) throw new RangeError('createRoomProxy: secret must be at least 16 characters');
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = async (purpose: SignaturePurpose, data: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(`${purpose}\n${data}`)), 0, SIGNATURE_BYTES);
  return {
    async sign(purpose, data) {
      return encodeBase64Url(await mac(purpose, data));
    },
    async verify(purpose, data, signature) {
      const given = decodeBase64Url(signature);
      if (!given || given.length !== SIGNATURE_BYTES) return false;
      return sameBytes(given, await mac(purpose, data));
    },
  };
}

/** Compares every byte whatever the first difference, so timing tells nothing about a guess. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** SHA-256 of a string, base64url: request fingerprints and idempotency record keys. */
export async function sha256(text: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
