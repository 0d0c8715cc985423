/** POST enhance/restyle: validation, idempotency, upstream errors, authorize and body limits. */
import { TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, IMAGE_URL, startHarness, visitorCookie } from '../../test/support/harness.js';
import { rawRequest } from '../../test/support/raw-http.js';

let h: Harness;
afterEach(() => h?.close());

describe('generation', () => {
  it('adds the key upstream and answers with a visitor-bound handle instead of the request id', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const ack = await visitor.restyle();
    expect(ack.status).toBe(200);
    expect(ack.json.success).toBe(true);
    const handle = String(ack.json.request_id);
    expect(handle).not.toContain('job_');
    expect(String(ack.json.message)).toContain(handle);
    expect(String(ack.json.message)).not.toContain('job_1');
    expect(visitor.cookie).toMatch(/^rr_visitor=/);
    const [call] = h.upstream.requests;
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_API_KEY}`);
    expect(JSON.parse(call?.body ?? '')).toEqual({ image_url: IMAGE_URL, style: 'modern' });
  });

  it.each([
    ['a missing image_url', { style: 'modern' }, 'image_url'],
    ['a non-http image_url', { image_url: 'file:///etc/passwd', style: 'modern' }, 'image_url'],
    ['a missing style', { image_url: IMAGE_URL }, 'style'],
    ['an unknown field', { image_url: IMAGE_URL, style: 'modern', prompt: 'x' }, undefined],
  ])('refuses %s with a 400 naming the field, before any upstream call', async (_, body, field) => {
    h = await startHarness();
    const response = await h.visitor().restyle({}, body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'bad_request' });
    if (field) expect(response.json.field).toBe(field);
    expect(String(response.json.error)).toBeTruthy();
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('refuses bodies that are not JSON (415) or not parseable (400)', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const form = await visitor.request('/api/v1/restyle', {
      method: 'POST',
      body: 'image_url=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const broken = await visitor.request('/api/v1/restyle', {
      method: 'POST',
      body: '{"image_url":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.code).toBe('invalid_json');
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('restricts image_url to allowedImageOrigins when set', async () => {
    h = await startHarness({ allowedImageOrigins: ['https://cdn.listing.example'] });
    const refused = await h.visitor().restyle();
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe('image_url');
    const allowed = await h.visitor().restyle({}, { image_url: 'https://cdn.listing.example/a.jpg', style: 'modern' });
    expect(allowed.status).toBe(200);
  });

  it('passes upstream errors through with status and body but none of the upstream headers', async () => {
    h = await startHarness();
    h.upstream.once('POST /api/v1/restyle', { status: 402, body: { error: 'Insufficient credits', credits_remaining: 0 } });
    const response = await h.visitor().restyle();
    expect(response.status).toBe(402);
    expect(response.json).toMatchObject({ error: 'Insufficient credits', credits_remaining: 0 });
    expect(response.headers.get('x-upstream-internal')).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith('upstream_session'))).toBe(false);
  });

  it.each([
    ['seconds', () => '120', '120'],
    ['an HTTP date', () => new Date(h.clock.now() + 90_000).toUTCString(), '90'],
  ])('passes the service’s Retry-After on to the browser as seconds, given as %s', async (_, retryAfter, seconds) => {
    h = await startHarness();
    h.upstream.once('POST /api/v1/restyle', {
      status: 429,
      body: { error: 'Too many requests' },
      headers: { 'retry-after': retryAfter() },
    });
    const response = await h.visitor().restyle();
    expect(response.status).toBe(429);
    expect(response.json).toMatchObject({ error: 'Too many requests', code: 'rate_limited' });
    expect(response.headers.get('retry-after')).toBe(seconds);
  });

  it('tells with each start the median time of the operation’s recent jobs, once it has followed a few', async () => {
    h = await startHarness({ limits: { perVisitor: 10, perIp: 10 } });
    const visitor = h.visitor();
    const expected: unknown[] = [];
    for (let job = 1; job <= 5; job++) {
      const ack = await visitor.restyle();
      expected.push(ack.json.expected_seconds);
      const handle = String(ack.json.request_id);
      await visitor.request(`/api/v1/prediction/${handle}`);
      // Seen running at 3 s and done at 6.5 s: the job took about 4.75 s.
      await h.clock.advance(3_000);
      await waitFor(() => h.upstream.count('/api/v1/prediction') === 2 * job - 1, `job ${job} running`);
      h.upstream.complete(`job_${job}`);
      await h.clock.advance(3_500);
      await waitFor(() => h.upstream.count('/api/v1/prediction') === 2 * job, `job ${job} done`);
      expect((await visitor.request(`/api/v1/prediction/${handle}`)).json.status).toBe('succeeded');
    }
    expect(expected).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect((await visitor.restyle()).json.expected_seconds).toBe(4.8);
    const enhance = await visitor.post('/api/v1/enhance', { image_url: IMAGE_URL, mode: 'staging' });
    expect(enhance.json.request_id).toBeTruthy();
    expect(enhance.json).not.toHaveProperty('expected_seconds');
  });

  it('gives the visitor its limit back when the service refuses the request', async () => {
    h = await startHarness({ limits: { perVisitor: 1 } });
    const visitor = h.visitor();
    h.upstream.once('POST /api/v1/restyle', { status: 400, body: { error: 'image_url is required' } });
    expect((await visitor.restyle()).status).toBe(400);
    expect((await visitor.restyle()).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first acknowledgement for a replay without a second upstream call', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const first = await visitor.restyle({ 'idempotency-key': 'action-1' });
    const replay = await visitor.restyle({ 'idempotency-key': 'action-1' });
    expect(replay.status).toBe(first.status);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(h.upstream.count('/api/v1/restyle')).toBe(1);
  });

  it('starts one job when the same key arrives twice at once', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    visitor.cookie = await visitorCookie();
    const answers = await Promise.all([visitor.restyle({ 'idempotency-key': 'k' }), visitor.restyle({ 'idempotency-key': 'k' })]);
    expect(h.upstream.count('/api/v1/restyle')).toBe(1);
    // The second either replays the first acknowledgement or, while the first is in flight, gets 409.
    const acks = answers.filter((a) => a.status === 200);
    expect(acks.length + answers.filter((a) => a.status === 409).length).toBe(2);
    expect(new Set(acks.map((a) => a.json.request_id)).size).toBe(1);
  });

  it('refuses the same key with a different body (409)', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    await visitor.restyle({ 'idempotency-key': 'action-2' });
    const other = await visitor.restyle({ 'idempotency-key': 'action-2' }, { image_url: IMAGE_URL, style: 'rustic' });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('idempotency_key_reused');
    expect(h.upstream.count('/api/v1/restyle')).toBe(1);
  });

  it('scopes keys to the visitor and forgets them after 24 h', async () => {
    h = await startHarness();
    const a = h.visitor();
    const b = h.visitor();
    await a.restyle({ 'idempotency-key': 'same' });
    await b.restyle({ 'idempotency-key': 'same' });
    expect(h.upstream.count('/api/v1/restyle')).toBe(2);
    await h.clock.advance(24 * 60 * 60 * 1000 + 1);
    await a.restyle({ 'idempotency-key': 'same' });
    expect(h.upstream.count('/api/v1/restyle')).toBe(3);
  });
});

describe('body limits and the authorize hook', () => {
  it('refuses an oversized body with 413 before the authorize hook or the service sees it', async () => {
    let authorizeCalls = 0;
    h = await startHarness({
      maxBodyBytes: 1024,
      authorize: () => {
        authorizeCalls += 1;
        return true;
      },
    });
    const visitor = h.visitor();
    const big = JSON.stringify({ image_url: IMAGE_URL, style: 'x'.repeat(5000) });
    const declared = await visitor.request('/api/v1/restyle', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.status).toBe(413);
    // Without Content-Length (chunked), the cap is enforced while streaming.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await visitor.request('/api/v1/restyle', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(chunked.json.code).toBe('payload_too_large');
    expect(authorizeCalls).toBe(0);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('times out a slow (slowloris) body with 408', async () => {
    h = await startHarness({ bodyTimeoutMs: 200 });
    const response = await rawRequest(
      h.url,
      `POST /api/v1/restyle HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${await visitorCookie()}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"image_url":`,
    );
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'body_timeout' });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('lets the authorize hook refuse (403), answer itself, or pass, with the body readable', async () => {
    const seen: unknown[] = [];
    h = await startHarness({
      authorize: async (request, context) => {
        const body = (await request.json()) as { style: string };
        seen.push({ style: body.style, route: context.route });
        if (body.style === 'forbidden') return false;
        if (body.style === 'captcha') return Response.json({ error: 'captcha required', code: 'captcha' }, { status: 401 });
        return true;
      },
    });
    const visitor = h.visitor();
    expect((await visitor.restyle({}, { image_url: IMAGE_URL, style: 'forbidden' })).status).toBe(403);
    const captcha = await visitor.restyle({}, { image_url: IMAGE_URL, style: 'captcha' });
    expect(captcha.status).toBe(401);
    expect(captcha.json.code).toBe('captcha');
    expect(h.upstream.requests).toHaveLength(0);
    expect((await visitor.restyle()).status).toBe(200);
    expect(seen).toContainEqual({ style: 'modern', route: 'restyle' });
  });
});

describe('CORS allowlist', () => {
  it('answers allowed origins with credentials and refuses others with 403', async () => {
    h = await startHarness({ allowedOrigins: ['https://listing.example'] });
    const allowed = h.visitor({ origin: 'https://listing.example' });
    const preflight = await allowed.request('/api/v1/restyle', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://listing.example');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    const ok = await allowed.restyle();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');

    const evil = await h.visitor({ origin: 'https://evil.example' }).restyle();
    expect(evil.status).toBe(403);
    expect(evil.json.code).toBe('origin_not_allowed');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(h.upstream.count('/api/v1/restyle')).toBe(1);
  });
});
