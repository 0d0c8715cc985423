/**
 * A random UUID (v4) for an Idempotency-Key. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost), so on a plain-http page the key is made from `crypto.getRandomValues`,
 * which every context has.
 */
export function randomKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // Byte 6 carries the version (4), byte 8 the variant (10xx).
  const hex = Array.from(bytes, (byte, i) =>
    (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte).toString(16).padStart(2, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
