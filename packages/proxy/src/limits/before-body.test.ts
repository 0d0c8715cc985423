/** A full limit refuses before the body is read: a refused client cannot make the proxy buffer, or wait for, its body. */
import { sampleRoom } from '@room-restyler/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, visitorCookie } from '../../test/support/harness.js';
import { rawRequest } from '../../test/support/raw-http.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Headers of a chunked POST whose body never comes, from a visitor with its cookie: only an answer given before the body ends this. */
const bodyNeverSent = async (path: string, type: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${await visitorCookie()}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;

describe('limits before the body', () => {
  it('refuses an upload over the per-IP limit without waiting for its body', async () => {
    h = await startHarness({ limits: { uploadsPerIp: 1 } });
    const photo = new Uint8Array(await sampleRoom({ width: 64, height: 48 }));
    const first = await h.visitor().request('/api/v1/uploads', { method: 'POST', body: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(first.status).toBe(201);
    const refused = await rawRequest(h.url, await bodyNeverSent('/api/v1/uploads', 'image/jpeg'));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'ip_limit' });
    expect(refused.head).toMatch(/retry-after: \d+/i);
  });

  it('refuses a generation over the per-IP limit without waiting for its body', async () => {
    h = await startHarness({ limits: { perIp: 1 } });
    expect((await h.visitor().restyle()).status).toBe(200);
    const refused = await rawRequest(h.url, await bodyNeverSent('/api/v1/restyle', 'application/json'));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'ip_limit' });
    expect(h.upstream.count('/api/v1/restyle')).toBe(1);
  });

  it('still replays an answer already paid for when the limit is full (Idempotency-Key)', async () => {
    h = await startHarness({ limits: { perVisitor: 1 } });
    const visitor = h.visitor();
    const first = await visitor.restyle({ 'idempotency-key': 'click-1' });
    expect(first.status).toBe(200);
    const replay = await visitor.restyle({ 'idempotency-key': 'click-1' });
    expect(replay.status).toBe(200);
    expect(replay.json.request_id).toBe(first.json.request_id);
    expect((await visitor.restyle()).status).toBe(429);
  });
});
