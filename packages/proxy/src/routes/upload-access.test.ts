/** No free image hosting: an upload is read by the service (a signed, short-lived URL) and its uploader (cookie) only. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleRoom } from '@room-restyler/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, type Visitor } from '../../test/support/harness.js';
import { createMemoryUploadStore } from '../../test/support/memory-upload-store.js';
import { createDiskUploadStore } from '../node/disk-upload-store.js';
import { createSharpImageProcessor } from '../node/sharp-image-processor.js';
import { UploadStoreFullError } from '../uploads/interfaces.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HOUR = 60 * 60 * 1000;

async function upload(visitor: Visitor) {
  return visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: new Uint8Array(await sampleRoom({ width: 64, height: 48 })),
    headers: { 'content-type': 'image/jpeg' },
  });
}

describe('who reads an upload', () => {
  it('the signed URL (until it expires) and the uploader; nobody else, and no other site embeds it', async () => {
    h = await startHarness();
    const owner = h.visitor();
    const stored = await upload(owner);
    expect(stored.status).toBe(201);
    const signed = String(stored.json.url);
    expect(signed).toMatch(/\/api\/v1\/uploads\/[A-Za-z0-9_-]{32}\?expires=\d+&signature=[A-Za-z0-9_-]+$/);
    const bare = signed.replace(/\?.*$/, '');

    const bySignature = await fetch(signed);
    expect(bySignature.status).toBe(200);
    expect(bySignature.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(bySignature.headers.get('cache-control')).toMatch(/^private/);
    expect((await fetch(bare)).status).toBe(404);
    expect((await fetch(`${bare}?expires=99999999999&signature=AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await h.visitor().request(bare.slice(h.url.length))).status).toBe(404);
    expect((await owner.request(bare.slice(h.url.length))).status).toBe(200);

    await h.clock.advance(HOUR + 1_000);
    expect((await fetch(signed)).status).toBe(404);
    expect((await owner.request(bare.slice(h.url.length))).status).toBe(200);
  });

  it('gives the service a freshly signed URL of the upload with each generation, even after the visitor’s expired', async () => {
    h = await startHarness();
    const owner = h.visitor();
    const signed = String((await upload(owner)).json.url);
    await h.clock.advance(2 * HOUR);
    expect((await owner.restyle({}, { image_url: signed, style: 'modern' })).status).toBe(200);
    const sent = [...h.upstream.jobs.values()].at(-1)?.body as { image_url: string };
    expect(sent.image_url).not.toBe(signed);
    expect(sent.image_url.startsWith(signed.replace(/\?.*$/, '?expires='))).toBe(true);
    expect((await fetch(sent.image_url)).status).toBe(200);
  });
});

describe('site-wide upload budgets', () => {
  it('refuses uploads past the daily count with 429 daily_budget', async () => {
    h = await startHarness({ limits: { uploadsPerDay: 2 } });
    expect((await upload(h.visitor())).status).toBe(201);
    expect((await upload(h.visitor())).status).toBe(201);
    const refused = await upload(h.visitor());
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'daily_budget' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses uploads past the storage budget with 429 daily_budget, giving the visitor’s limits back', async () => {
    h = await startHarness({
      limits: { uploadsPerVisitor: 1 },
      uploads: { store: createMemoryUploadStore({ maxBytes: 100 }), processor: createSharpImageProcessor() },
    });
    const visitor = h.visitor();
    for (let i = 0; i < 2; i++) {
      const full = await upload(visitor);
      expect(full.status).toBe(429);
      // The second is refused for the storage too, not for a limit the first used up.
      expect(full.json).toMatchObject({ code: 'daily_budget' });
    }
  });

  it('keeps the disk store within its budget, counting what is already in the directory at start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rr-uploads-'));
    try {
      const bytes = new Uint8Array(600) as Uint8Array<ArrayBuffer>;
      const upload = { bytes, contentType: 'image/jpeg', expiresAt: Date.now() + HOUR };
      const first = createDiskUploadStore({ dir, maxBytes: 1_000 });
      await first.put('a'.repeat(32), upload);
      await expect(first.put('b'.repeat(32), upload)).rejects.toBeInstanceOf(UploadStoreFullError);
      const restarted = createDiskUploadStore({ dir, maxBytes: 1_000 });
      await expect(restarted.put('c'.repeat(32), upload)).rejects.toBeInstanceOf(UploadStoreFullError);
      expect(await restarted.sweep(Date.now() + 2 * HOUR)).toBe(1);
      await restarted.put('c'.repeat(32), upload);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
