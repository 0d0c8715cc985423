/** Upload bodies wait on disk while they are read, with the cap enforced as they arrive; nothing is left behind. */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleRoom } from '@room-restyler/simulator';
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';
import { createNodeUploads } from './disk-upload-store.js';

let h: Harness | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-spool-'));
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  await rm(dir, { recursive: true, force: true });
});

const spooled = async () => {
  const names = await readdir(join(dir, '.spool')).catch(() => []);
  return Promise.all(names.map(async (name) => (await stat(join(dir, '.spool', name))).size));
};

describe('upload bodies on Node (createNodeUploads)', () => {
  it('are written to disk as they arrive, cut off at the cap with a 413, and removed', async () => {
    h = await startHarness({ uploads: createNodeUploads({ dir, maxBytes: 4 * 1024 * 1024 }) });
    const { hostname, port } = new URL(h.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n');
    const MB = Buffer.alloc(1024 * 1024, 0xff);
    const chunk = () => socket.write(`${MB.length.toString(16)}\r\n${MB.toString('latin1')}\r\n`, 'latin1');
    chunk();
    // The first megabyte is in a spool file while the rest has not come yet.
    await waitFor(async () => (await spooled()).some((size) => size >= MB.length), 'the body on disk');
    for (let i = 0; i < 5 && !received; i++) chunk();
    await waitFor(() => /\r\n\r\n\{.*\}/s.test(received), 'the answer');
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received).toContain('"code":"payload_too_large"');
    socket.destroy();
    await waitFor(async () => (await spooled()).length === 0, 'the spool file removed');
  });

  it('leaves no spool file after an upload is stored', async () => {
    h = await startHarness({ uploads: createNodeUploads({ dir }) });
    const response = await h.visitor().request('/api/v1/uploads', {
      method: 'POST',
      body: new Uint8Array(await sampleRoom({ width: 64, height: 48 })),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(response.status).toBe(201);
    expect(await spooled()).toEqual([]);
  });
});
