/** ROOM_UPLOAD_TOKEN: a trusted server caller (the MCP server) uploads outside the visitor limits; a wrong token does not. */
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, type Visitor } from '../../test/support/harness.js';

const TOKEN = 'upload-token-0123456789abcdef';
const ONE_EACH = { uploadsPerVisitor: 1, uploadsPerIp: 1, uploadsPerDay: 1 };

let h: Harness;
afterEach(() => h?.close());

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#abc' } })
    .png()
    .toBuffer();
});

const upload = (visitor: Visitor, authorization?: string) =>
  visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: new Uint8Array(png),
    headers: { 'content-type': 'image/png', ...(authorization ? { authorization } : {}) },
  });

describe('uploads with ROOM_UPLOAD_TOKEN', () => {
  it('lets the token holder upload beyond every visitor limit, without using them up', async () => {
    h = await startHarness({ uploadToken: TOKEN, limits: ONE_EACH });
    const server = h.visitor();
    for (let i = 0; i < 3; i++) expect((await upload(server, `Bearer ${TOKEN}`)).status).toBe(201);
    // The trusted uploads counted nothing: an ordinary visitor still has its one upload, and only one.
    const visitor = h.visitor();
    expect((await upload(visitor)).status).toBe(201);
    expect((await upload(visitor)).json.code).toBe('visitor_limit');
  });

  it('is not held back by the site authorize hook, which is for visitors', async () => {
    h = await startHarness({ uploadToken: TOKEN, authorize: () => false });
    expect((await upload(h.visitor())).status).toBe(403);
    expect((await upload(h.visitor(), `Bearer ${TOKEN}`)).status).toBe(201);
  });

  it('answers a wrong token with 401 that counts as nothing, and never logs or echoes a token', async () => {
    h = await startHarness({ uploadToken: TOKEN, limits: ONE_EACH });
    const visitor = h.visitor();
    const wrong = await upload(visitor, 'Bearer upload-token-0123456789abcdeX');
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('upload_token_invalid');
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await upload(visitor, 'Basic dXNlcjpwYXNz')).status).toBe(401);
    // The refusals used none of the visitor's single upload.
    expect((await upload(visitor)).status).toBe(201);
    expect(wrong.text).not.toContain('upload-token');
    expect(h.logs.join('\n')).not.toContain('upload-token');
  });

  it('ignores Authorization when the proxy has no token: the visitor limits apply', async () => {
    h = await startHarness({ limits: ONE_EACH });
    const visitor = h.visitor();
    expect((await upload(visitor, `Bearer ${TOKEN}`)).status).toBe(201);
    expect((await upload(visitor, `Bearer ${TOKEN}`)).status).toBe(429);
  });
});
