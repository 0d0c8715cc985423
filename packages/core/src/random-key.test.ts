import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomKey } from './random-key.js';

const { crypto } = globalThis;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** `crypto` as a plain-http page has it: no randomUUID. */
const insecure = (getRandomValues: (bytes: Uint8Array) => Uint8Array) => vi.stubGlobal('crypto', { getRandomValues });

afterEach(() => vi.unstubAllGlobals());

describe('randomKey', () => {
  it('is crypto.randomUUID where there is one', () => {
    vi.stubGlobal('crypto', { randomUUID: () => 'from-random-uuid', getRandomValues: () => new Uint8Array(16) });
    expect(randomKey()).toBe('from-random-uuid');
  });

  it('is a version 4 UUID made from getRandomValues where there is no randomUUID', () => {
    insecure((bytes) => bytes.fill(0xff));
    expect(randomKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    insecure((bytes) => bytes.fill(0));
    expect(randomKey()).toBe('00000000-0000-4000-8000-000000000000');
    insecure((bytes) => bytes.map((_, i) => i * 17));
    expect(randomKey()).toBe('00112233-4455-4677-8899-aabbccddeeff');
  });

  it('differs every time, from real random bytes', () => {
    insecure((bytes) => crypto.getRandomValues(bytes));
    const keys = Array.from({ length: 200 }, randomKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
