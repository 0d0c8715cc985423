/**
 * HMAC signatures and AES-256-GCM seals, each bound to a purpose. What checked out is remembered: a polling visitor
 * presents the same cookie and handle every time, and a check costs more than the rest of a poll.
 */
import { decodeBase64Url, encodeBase64Url } from '../util/base64url.js';

type SignaturePurpose = 'visitor' | 'upload';
export type Signer = ReturnType<typeof createSigner>;
export type Sealer = ReturnType<typeof createSealer>;

/** Truncated to 128 bits (RFC 2104 §5): forging one still takes 2^128 guesses, and every poll carries the cookie. */
const SIGNATURE_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const REMEMBERED_TOKENS = 10_000;
const encoder = new TextEncoder();

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (secret.length < 16) throw new RangeError('createRoomProxy: secret must be at least 16 characters');
  return encoder.encode(secret);
}

export function createSigner(secret: string) {
  const key = crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = async (purpose: SignaturePurpose, data: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(`${purpose}\n${data}`)), 0, SIGNATURE_BYTES);
  const verified = new RecentCache<string, true>(REMEMBERED_TOKENS);
  return {
    async sign(purpose: SignaturePurpose, data: string): Promise<string> {
      return encodeBase64Url(await mac(purpose, data));
    },
    /** Constant-time. */
    async verify(purpose: SignaturePurpose, data: string, signature: string): Promise<boolean> {
      const token = `${purpose}\n${data}\n${signature}`;
      if (verified.get(token)) return true;
      const given = decodeBase64Url(signature);
      if (!given || given.length !== SIGNATURE_BYTES || !sameBytes(given, await mac(purpose, data))) return false;
      verified.set(token, true);
      return true;
    },
  };
}

/** The key is derived from the secret with HKDF and `purpose`, so it is never the key that signs cookies. */
export function createSealer(secret: string, purpose: string) {
  const key = crypto.subtle
    .importKey('raw', secretBytes(secret), 'HKDF', false, ['deriveKey'])
    .then((material) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(`room-restyler ${purpose}`) },
        material,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      ),
    );
  const opened = new RecentCache<string, unknown>(REMEMBERED_TOKENS);
  return {
    /** base64url of a fresh random IV, the JSON of `value` encrypted and its tag; `context` is authenticated, not carried. */
    async seal(value: unknown, context: string): Promise<string> {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plaintext = encoder.encode(JSON.stringify(value));
      const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, await key, plaintext);
      return encodeBase64Url(new Uint8Array([...iv, ...new Uint8Array(sealed)]));
    },
    /** The value, or undefined for anything not sealed with this secret, purpose and context. */
    async open(token: string, context: string): Promise<unknown> {
      const remembered = opened.get(`${context}\n${token}`);
      if (remembered !== undefined) return remembered;
      const bytes = decodeBase64Url(token);
      if (!bytes || bytes.byteLength < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const plaintext = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: encoder.encode(context) },
          await key,
          bytes.subarray(IV_BYTES),
        );
        const value: unknown = JSON.parse(new TextDecoder().decode(plaintext));
        opened.set(`${context}\n${token}`, value);
        return value;
      } catch {
        // A wrong tag (tampered, another secret or another context), or no JSON inside.
        return undefined;
      }
    },
  };
}

/** Compares every byte whatever the first difference, so timing tells nothing about a guess. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Whether `Authorization: Bearer <token>` carries `token`. Both sides are hashed before a constant-time comparison:
 * neither the length nor the first wrong byte leaks.
 */
export async function bearerCarries(authorization: string, token: string): Promise<boolean> {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  return sameBytes(await digest(given), await digest(token));
}

export async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** SHA-256 of a string, base64url: request fingerprints and idempotency record keys. */
export async function sha256(text: string): Promise<string> {
  return encodeBase64Url(await digest(text));
}

/**
 * What checked out lately, in two generations: when the current one is full, the older is dropped whole. A hit is a
 * single lookup with no reordering (a strict LRU reorders on every read): a visitor polling every second.
 */
export class RecentCache<K, V> {
  readonly #generationSize: number;
  #current = new Map<K, V>();
  #previous = new Map<K, V>();

  /** Holds at most `max` entries. */
  constructor(max: number) {
    this.#generationSize = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const value = this.#current.get(key);
    if (value !== undefined) return value;
    const older = this.#previous.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: K, value: V): void {
    this.#previous.delete(key);
    if (!this.#current.has(key) && this.#current.size >= this.#generationSize) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(key, value);
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }
}
