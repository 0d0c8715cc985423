import { describe, expect, it } from 'vitest';
import { createHandle, readHandle } from './handles.js';
import { createSigner } from './signer.js';

const signer = createSigner('handles-secret-0123456789');
const claims = { visitor: 'v'.repeat(22), requestId: 'pred_1', startedAt: 1_000, expiresAt: 10_000 };

describe('handles', () => {
  it('round-trip for their visitor, and survive a new signer with the same secret', async () => {
    const handle = await createHandle(claims, signer);
    expect(await readHandle(handle, claims.visitor, createSigner('handles-secret-0123456789'), 5_000)).toEqual(claims);
  });

  it('read as unknown for another visitor, another secret, after expiry, or when tampered', async () => {
    const handle = await createHandle(claims, signer);
    expect(await readHandle(handle, 'w'.repeat(22), signer, 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, createSigner('another-secret-0123456789'), 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, signer, 10_000)).toBeUndefined();
    const forged = await createHandle({ ...claims, requestId: 'pred_2' }, createSigner('attacker-secret-000000000'));
    expect(await readHandle(`${forged.split('.')[0]}.${handle.split('.')[1]}`, claims.visitor, signer, 5_000)).toBeUndefined();
  });

  it('stay bound to their visitor, secret and expiry after a successful read (verified handles are cached)', async () => {
    const handle = await createHandle(claims, signer);
    expect(await readHandle(handle, claims.visitor, signer, 5_000)).toEqual(claims);
    expect(await readHandle(handle, 'w'.repeat(22), signer, 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, createSigner('another-secret-0123456789'), 5_000)).toBeUndefined();
    expect(await readHandle(handle, claims.visitor, signer, 10_000)).toBeUndefined();
    expect(await readHandle(`${handle}x`, claims.visitor, signer, 5_000)).toBeUndefined();
  });

  it('never serves as a visitor cookie signature (purposes differ)', async () => {
    const signature = await signer.sign('visitor', 'abc');
    expect(await signer.verify('handle', 'abc', signature)).toBe(false);
  });
});
