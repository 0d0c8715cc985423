/**
 * Authenticated encryption (AES-256-GCM over WebCrypto, so the same on Node and edge runtimes):
 * what a sealed token carries can be neither read nor altered without the secret, and a token
 * sealed for one context (a visitor) does not open for another. The key is derived from the
 * proxy's secret with HKDF and a purpose, so it is never the key that signs cookies.
 */
import { decodeBase64Url, encodeBase64Url } from '../util/base64url.js';

export interface Sealer {
  /** base64url of a fresh random IV, the ciphertext and its tag; `context` is authenticated, not carried. */
  seal(plaintext: Uint8Array<ArrayBuffer>, context: string): Promise<string>;
  /** The plaintext, or undefined for anything not sealed with this secret, purpose and context. */
  open(token: string, context: string): Promise<Uint8Array | undefined>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const encoder = new TextEncoder();

export function createSealer(secret: string, purpose: string): Sealer {
  if (secret.length < 16) throw new RangeError('createRoomProxy: secret must be at least 16 characters');
  const key = crypto.subtle
    .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
    .then((material) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(`room-restyler ${purpose}`) },
        material,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      ),
    );
  return {
    async seal(plaintext, context) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, await key, plaintext),
      );
      const token = new Uint8Array(IV_BYTES + sealed.byteLength);
      token.set(iv);
      token.set(sealed, IV_BYTES);
      return encodeBase64Url(token);
    },
    async open(token, context) {
      const bytes = decodeBase64Url(token);
      if (!bytes || bytes.byteLength < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const plaintext = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: encoder.encode(context) },
          await key,
          bytes.subarray(IV_BYTES),
        );
        return new Uint8Array(plaintext);
      } catch {
        // A wrong tag: tampered, another secret or another context.
        return undefined;
      }
    },
  };
}
