/** What a caller can hook into: how requests are sent, the logger, middleware, and per-call headers and retries. */
import { type FakeService, ManualClock, startFakeService } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoomClient, type RoomClientOptions } from './client.js';
import { AbortError, ServerError } from './errors.js';
import type { RequestLog } from './logger.js';
import type { Middleware } from './middleware.js';

const KEY = 'bs_live_fedcba9876543210fedcba9876543210';
const ACCOUNT = { user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10', email: 'a@b.c', subscription: 'pro', credits_remaining: 7 };

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(() => service.close());

const rooms = (options: Partial<RoomClientOptions> = {}) =>
  createRoomClient({ baseUrl: service.url, apiKey: KEY, clock: new ManualClock({ start: 0, auto: true }), ...options });

describe('sending', () => {
  it('calls fetch(url, init) with the call’s own signal, never a Request (Node’s fetch loses a Request’s signal after GC)', async () => {
    const sent: Array<{ url: unknown; init: RequestInit }> = [];
    const controller = new AbortController();
    const client = rooms({
      fetch: (url, init) => {
        sent.push({ url, init });
        controller.abort();
        return service.fetch(url, init);
      },
    });
    await expect(client.me({ signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    expect(typeof sent[0]?.url).toBe('string');
    expect(sent[0]?.url).toBe(`${service.url}/api/v1/me`);
    expect(sent[0]?.init.signal?.aborted).toBe(true);
    expect(sent[0]?.init.signal?.reason).toBeInstanceOf(AbortError);
  });

  it('rejects with AbortError when the caller aborted while a fetch that ignores signals was answering', async () => {
    const controller = new AbortController();
    const fetch = async () => {
      controller.abort();
      return new Response(JSON.stringify(ACCOUNT));
    };
    await expect(rooms({ fetch }).me({ signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it('hands a custom fetch the JSON body as text when there is no middleware', async () => {
    const bodies: unknown[] = [];
    const fetch = (url: string, init: RequestInit) => {
      bodies.push(init.body);
      return service.fetch(url, init);
    };
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'r1', message: 'started' } });
    const body = { image_url: 'https://example.com/r.jpg', style: 'coastal' };
    await rooms({ fetch }).restyle(body);
    expect(bodies).toEqual([JSON.stringify(body)]);
  });

  it('sends credentials only when asked (edge runtimes refuse the field)', async () => {
    const inits: RequestInit[] = [];
    const fetch = (url: string, init: RequestInit) => {
      inits.push(init);
      return service.fetch(url, init);
    };
    service.on('GET /api/v1/me', { status: 200, body: ACCOUNT });
    await rooms({ fetch }).me();
    await rooms({ fetch, credentials: 'include' }).me();
    expect(inits.map((init) => init.credentials)).toEqual([undefined, 'include']);
  });

  it('sends the body again, byte for byte, on a retried start', async () => {
    const body = { image_url: 'https://example.com/é.jpg', style: 'japandi' };
    service.on(
      'POST /api/v1/restyle',
      { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '1' } },
      { status: 200, body: { success: true, request_id: 'r1', message: 'started' } },
    );
    await rooms().restyle(body, { idempotencyKey: 'k' });
    expect(service.requests.map((r) => JSON.parse(r.body))).toEqual([body, body]);
  });
});

describe('per-call options', () => {
  it('adds per-call headers over the client’s, to that call only', async () => {
    service.on('GET /api/v1/me', { status: 200, body: ACCOUNT });
    const client = rooms({ headers: { 'x-site': 'a', 'x-trace': 'client' } });
    await client.me({ headers: { 'x-trace': 'call-1' } });
    await client.me();
    expect(service.requests.map((r) => [r.headers.get('x-site'), r.headers.get('x-trace')])).toEqual([
      ['a', 'call-1'],
      ['a', 'client'],
    ]);
  });

  it('overrides the client’s retries for one call', async () => {
    service.on('GET /api/v1/me', { status: 500, body: { error: 'down' } });
    const client = rooms({ retry: { maxRetries: 3, random: () => 0 } });
    await expect(client.me({ retry: false })).rejects.toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
    await expect(client.me({ retry: { maxRetries: 1 } })).rejects.toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(3);
    await expect(client.me()).rejects.toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(7);
  });
});

describe('logger', () => {
  function recorder() {
    const lines: Array<{ level: 'debug' | 'warn'; message: string; details: RequestLog }> = [];
    return {
      lines,
      logger: {
        debug: (message: string, details: RequestLog) => lines.push({ level: 'debug', message, details }),
        warn: (message: string, details: RequestLog) => lines.push({ level: 'warn', message, details }),
      },
    };
  }

  it('hears of every attempt, a warning before each retry, and never sees the key', async () => {
    const { lines, logger } = recorder();
    service.on(
      'GET /api/v1/me',
      { status: 503, body: { error: `upstream said ${KEY}` }, offContract: true, headers: { 'x-request-id': 'req_1' } },
      { status: 200, body: ACCOUNT, headers: { 'x-request-id': 'req_2' } },
    );
    await rooms({ logger, retry: { random: () => 0.5 } }).me();

    expect(lines.map((l) => l.level)).toEqual(['warn', 'debug']);
    expect(lines[0]?.message).toBe(`room-restyler: GET ${service.url}/api/v1/me → HTTP 503 in 0 ms; retrying in 250 ms`);
    expect(lines[0]?.details).toMatchObject({ method: 'GET', attempt: 1, status: 503, requestId: 'req_1', retryInMs: 250 });
    expect(lines[1]?.details).toMatchObject({ attempt: 2, status: 200, requestId: 'req_2' });
    // The request's headers are logged, the key in them redacted.
    expect(lines[1]?.details.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });

  it('tells the method, the time taken on the client’s clock, and a request id only when there is one', async () => {
    const { lines, logger } = recorder();
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'r1', message: 'started' } });
    const clock = new ManualClock({ start: 1_000_000 });
    const slow = (url: string, init: RequestInit) => {
      clock.advance(40);
      return service.fetch(url, init);
    };
    await rooms({ logger, clock, fetch: slow }).restyle({ image_url: 'https://example.com/r.jpg', style: 'coastal' });
    expect(lines[0]?.message).toBe(`room-restyler: POST ${service.url}/api/v1/restyle → HTTP 200 in 40 ms`);
    expect(lines[0]?.details).toMatchObject({ method: 'POST', durationMs: 40, status: 200 });
    expect('requestId' in lines[0]!.details).toBe(false);
  });

  it('says why a request got no response', async () => {
    const { lines, logger } = recorder();
    service.on('GET /api/v1/me', { reset: true });
    await rooms({ logger, retry: false })
      .me()
      .catch(() => undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.details.status).toBeUndefined();
    expect(lines[0]?.details.error).toBe('fetch failed');
    expect(lines[0]?.message).toContain('failed: fetch failed');
  });
});

describe('retrying', () => {
  it('lets go of an answer it will not read before it asks again (its connection is freed)', async () => {
    let canceled = 0;
    let calls = 0;
    const fetch = async () => {
      if (++calls === 2) return new Response(JSON.stringify(ACCOUNT));
      return new Response(new ReadableStream({ cancel: () => void canceled++ }), { status: 503 });
    };
    await rooms({ fetch, retry: { random: () => 0 } }).me();
    expect(canceled).toBe(1);
  });

  it('retries after an answer that has no body at all', async () => {
    let calls = 0;
    const fetch = async () => (++calls === 2 ? new Response(JSON.stringify(ACCOUNT)) : new Response(null, { status: 503 }));
    expect((await rooms({ fetch, retry: { random: () => 0 } }).me()).credits_remaining).toBe(7);
  });
});

describe('middleware', () => {
  it('may have only one of the two hooks', async () => {
    service.on('GET /api/v1/me', { status: 200, body: ACCOUNT });
    const seen: string[] = [];
    const client = rooms({
      middleware: [{ onRequest: () => void seen.push('request') }, { onResponse: () => void seen.push('response') }],
    });
    expect((await client.me()).credits_remaining).toBe(7);
    expect(seen).toEqual(['request', 'response']);
  });

  it('may answer without sending anything, or replace the response', async () => {
    const answered = rooms({ middleware: [{ onRequest: () => new Response(JSON.stringify({ ...ACCOUNT, credits_remaining: 1 })) }] });
    expect((await answered.me()).credits_remaining).toBe(1);
    expect(service.requests).toHaveLength(0);

    service.on('GET /api/v1/me', { status: 200, body: ACCOUNT });
    const replace = async ({ response }: { response: Response }) =>
      new Response(JSON.stringify({ ...(await response.json()), credits_remaining: 99 }));
    expect((await rooms({ middleware: [{ onResponse: replace }] }).me()).credits_remaining).toBe(99);
  });

  it('runs once per call around its retries, and may change the request', async () => {
    const seen: string[] = [];
    const middleware: Middleware = {
      onRequest({ request }) {
        seen.push(`request ${request.method} ${new URL(request.url).pathname}`);
        const changed = new Request(request);
        changed.headers.set('x-middleware', 'yes');
        return changed;
      },
      onResponse({ response }) {
        seen.push(`response ${response.status}`);
      },
    };
    const outer: Middleware = {
      onRequest: () => void seen.push('outer request'),
      onResponse: () => void seen.push('outer response'),
    };
    service.on('GET /api/v1/me', { status: 500, body: { error: 'oops' } }, { status: 200, body: ACCOUNT });
    const account = await rooms({ middleware: [outer, middleware], retry: { random: () => 0 } }).me();
    expect(account.credits_remaining).toBe(7);
    expect(seen).toEqual(['outer request', 'request GET /api/v1/me', 'response 200', 'outer response']);
    expect(service.requests.map((r) => r.headers.get('x-middleware'))).toEqual(['yes', 'yes']);
  });
});
