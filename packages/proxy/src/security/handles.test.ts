import { describe, expect, it } from 'vitest';
import { decodeBase64Url } from '../util/base64url.js';
import { createHandle, readHandle } from './handles.js';
import { createSealer } from './keys.js';

const sealer = createSealer('handles-secret-0123456789', 'handles');
const claims = { visitor: 'v'.repeat(22), requestId: 'pred_1', startedAt: 1_000, expiresAt: 10_000 };

describe('handles', () => {
  it('round-trip for their visitor, and survive a new sealer with the same secret', async () => {
    const handle = await createHandle(claims, sealer);
    expect(await readHandle(handle, claims.visitor, createSealer('handles-secret-0123456789', 'handles'), 5_000)).toEqual(claims);
  });

  it('carry the operation, so any instance follows the schedule learned for it; handles made before it still read', async () => {
    const withOperation = { ...claims, operation: 'restyle' };
    expect(await readHandle(await createHandle(withOperation, sealer), claims.visitor, sealer, 5_000)).toEqual(withOperation);
    expect(await readHandle(await createHandle(claims, sealer), claims.visitor, sealer, 5_000)).not.toHaveProperty('operation');
  });

  it('carry the service’s request id in no readable form', async () => {
    const handle = await createHandle({ ...claims, requestId: 'pred_visible_id' }, sealer);
    expect(handle).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = new TextDecoder('latin1').decode(decodeBase64Url(handle));
    expect(decoded).not.toContain('pred_visible_id');
    // A fresh IV each time: the same job sealed twice looks unrelated.
    expect(await createHandle(claims, sealer)).not.toBe(await createHandle(claims, sealer));
  });

  it('read as unknown for another visitor, another secret or purpose, after expiry, or when tampered', async () => {
    const handle = await createHandle(claims, sealer);
    expect(await readHandle(handle, 'w'.repeat(22), sealer, 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, createSealer('another-secret-0123456789', 'handles'), 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, createSealer('handles-secret-0123456789', 'uploads'), 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, sealer, 10_000)).toBeUndefined();
    for (const at of [0, 13, handle.length - 2]) {
      const flipped = `${handle.slice(0, at)}${handle[at] === 'A' ? 'B' : 'A'}${handle.slice(at + 1)}`;
      expect(await readHandle(flipped, claims.visitor, sealer, 5_000)).toBeUndefined();
    }
    expect(await readHandle(handle.slice(0, 20), claims.visitor, sealer, 5_000)).toBeUndefined();
  });

  it('stay bound to their visitor, secret and expiry after a successful read (opened handles are cached)', async () => {
    const handle = await createHandle(claims, sealer);
    expect(await readHandle(handle, claims.visitor, sealer, 5_000)).toEqual(claims);
    expect(await readHandle(handle, 'w'.repeat(22), sealer, 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, createSealer('another-secret-0123456789', 'handles'), 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, sealer, 10_000)).toBeUndefined();
    expect(await readHandle(`${handle}x`, claims.visitor, sealer, 5_000)).toBeUndefined();
  });
});
