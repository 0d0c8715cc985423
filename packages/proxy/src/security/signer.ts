/**
 * HMAC-SHA256 signatures over WebCrypto, so cookies and handles are signed the same way on Node
 * and on edge runtimes. Every signed value carries a purpose prefix, so a visitor cookie can
 * never be replayed as a handle or the other way round.
 */
import { decodeBase64Url, encodeBase64Url } from './base64url.js';

export type SignaturePurpose = 'visitor' | 'handle';

export interface Signer {
  sign(purpose: SignaturePurpose, data: string): Promise<string>;
  /** Constant-time check (WebCrypto `verify`). */
  verify(purpose: SignaturePurpose, data: string, signature: string): Promise<boolean>;
}

const encoder = new TextEncoder();

export function createSigner(secret: string): Signer {
  if (secret.length < 16) throw new RangeError('createRoomProxy: secret must be at least 16 characters');
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const message = (purpose: SignaturePurpose, data: string) => encoder.encode(`${purpose}\n${data}`);
  return {
    async sign(purpose, data) {
      return encodeBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await key, message(purpose, data))));
    },
    async verify(purpose, data, signature) {
      const bytes = decodeBase64Url(signature);
      if (!bytes || bytes.length !== 32) return false;
      return crypto.subtle.verify('HMAC', await key, bytes, message(purpose, data));
    },
  };
}

/** SHA-256 of a string, base64url: request fingerprints and derived idempotency keys. */
export async function sha256(text: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
