import { describe, expect, it } from 'vitest';
import { createSigner } from './keys.js';
import { readVisitorCookie, resolveVisitor, VISITOR_COOKIE } from './visitor-cookie.js';

const signer = createSigner('cookie-secret-0123456789');
const requestWith = (cookie: string) => new Request('http://proxy.test/api/v1/prediction/x', { headers: { cookie } });

describe('visitor cookie', () => {
  it('is issued signed and read back, also after being remembered, but never with another secret or a forged signature', async () => {
    const issued = await resolveVisitor(new Request('http://proxy.test/'), signer, '/', { sameSite: 'Lax', maxAgeSeconds: 60 });
    const cookie = issued.setCookie?.split(';')[0] ?? '';
    expect(cookie.startsWith(`${VISITOR_COOKIE}=${issued.id}.`)).toBe(true);
    expect(await readVisitorCookie(requestWith(`other=1; ${cookie}`), signer)).toBe(issued.id);
    expect(await readVisitorCookie(requestWith(cookie), signer)).toBe(issued.id);
    expect(await readVisitorCookie(requestWith(cookie), createSigner('another-secret-0123456789'))).toBeUndefined();
    const forged = `${VISITOR_COOKIE}=${'a'.repeat(22)}.${cookie.split('.')[1]}`;
    expect(await readVisitorCookie(requestWith(forged), signer)).toBeUndefined();
  });
});
