import { getEventListeners } from 'node:events';
import { type FakeService, ManualClock, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoomClient, type RoomClient } from './client.js';
import {
  AbortError,
  BadRequestError,
  ConnectionError,
  InsufficientCreditsError,
  InvalidApiKeyError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from './errors.js';

const KEY = 'bs_live_0123456789abcdef0123456789abcdef';
const ACK = { success: true, request_id: 'pred_1', message: 'Generation started. Poll /api/v1/prediction/pred_1' };
const BODY = { image_url: 'https://example.com/room.jpg', style: 'japandi' };
const ACCOUNT = { user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10', email: 'a@b.c', subscription: 'pro', credits_remaining: 7 };

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(() => service.close());

const client = (options: Partial<Parameters<typeof createRoomClient>[0]> = {}) =>
  createRoomClient({ baseUrl: service.url, apiKey: KEY, retry: { random: () => 0.5 }, ...options });

describe('operations', () => {
  it('sends the key as a Bearer token and JSON bodies, and returns typed data', async () => {
    service.on('GET /api/v1/me', {
      status: 200,
      body: { user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10', email: 'a@b.c', subscription: 'pro', credits_remaining: 7 },
    });
    service.on('POST /api/v1/restyle', { status: 200, body: ACK });
    const rooms = client();
    expect((await rooms.me()).credits_remaining).toBe(7);
    expect(await rooms.restyle(BODY)).toEqual({ requestId: 'pred_1', message: ACK.message });
    const post = service.requests[1]!;
    expect(post.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual(BODY);
  });

  it('works without a key, for the proxy mirror', async () => {
    service.on('GET /api/v1/prediction/h1', { status: 200, body: { status: 'processing' } });
    await createRoomClient({ baseUrl: `${service.url}/` }).getPrediction('h1');
    expect(service.requests[0]!.headers.get('authorization')).toBeNull();
  });

  it('accepts requestId in place of request_id (not documented for these endpoints; read defensively)', async () => {
    service.on('POST /api/v1/enhance', { status: 200, body: { success: true, requestId: 'camel_1', message: 'ok' }, offContract: true });
    expect((await client().enhance({ image_url: BODY.image_url, mode: 'staging' })).requestId).toBe('camel_1');
  });

  it('takes a base URL with trailing slashes, or a path prefix', async () => {
    service.on('GET /api/v1/prediction/h1', { status: 200, body: { status: 'processing' } });
    await createRoomClient({ baseUrl: `${service.url}//` }).getPrediction('h1');
    expect(service.requests[0]!.path).toBe('/api/v1/prediction/h1');
  });

  it('sends JSON only with a body: a GET has no content type', async () => {
    service.on('GET /api/v1/prediction/h1', { status: 200, body: { status: 'processing' } });
    await client().getPrediction('h1');
    expect(service.requests[0]!.headers.get('content-type')).toBeNull();
    expect(service.requests[0]!.body).toBe('');
  });

  it('escapes the prediction id in the path', async () => {
    service.on('GET /api/v1/prediction/a%2Fb', { status: 200, body: { status: 'starting' } });
    expect((await client().getPrediction('a/b')).status).toBe('starting');
  });
});

describe('listing predictions', () => {
  it('asks for the newest, as many as the limit says, or the service’s default', async () => {
    const rooms = client({ apiKey: TEST_API_KEY });
    for (let i = 0; i < 3; i++) await rooms.restyle(BODY);
    const listed = await rooms.listPredictions({ limit: 2 });
    expect(listed.count).toBe(2);
    expect(listed.predictions.map((p) => p.status)).toEqual(['starting', 'starting']);
    expect((await rooms.listPredictions()).count).toBe(3);
    expect(service.requests.slice(3).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/predictions?limit=2',
      'GET /api/v1/predictions',
    ]);
  });
});

describe('answers off the contract', () => {
  it.each([
    ['me', (rooms: RoomClient) => rooms.me(), 'GET /api/v1/me', 'Reading the account'],
    ['getPrediction', (rooms: RoomClient) => rooms.getPrediction('p'), 'GET /api/v1/prediction/p', 'Reading the prediction'],
    ['restyle', (rooms: RoomClient) => rooms.restyle(BODY), 'POST /api/v1/restyle', 'Starting the restyle'],
  ])('%s: an empty 200 is a ServerError that says what was being done', async (_name, call, route, what) => {
    service.on(route, { status: 200, offContract: true });
    const error = await call(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toBe(`${what}: the service answered HTTP 200 with no JSON body`);
    expect((error as ServerError).status).toBe(200);
  });

  it('a 200 that is not JSON is a ServerError caused by the parse error', async () => {
    service.on('GET /api/v1/me', { status: 200, body: '{"user_id":', headers: { 'content-type': 'text/plain' }, offContract: true });
    const error = (await client()
      .me()
      .catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('Reading the account: the service answered with invalid JSON');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('an acknowledgement without a request id is a ServerError, not a job to wait for', async () => {
    service.on('POST /api/v1/enhance', { status: 200, body: { success: true, message: 'ok' }, offContract: true });
    const error = await client()
      .enhance({ image_url: BODY.image_url, mode: 'staging' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toBe('Starting the enhance: the service acknowledged without a request id');
    expect((error as ServerError).body).toEqual({ success: true, message: 'ok' });
  });

  it('an acknowledgement without a message has an empty one', async () => {
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'r1' }, offContract: true });
    expect(await client().restyle(BODY)).toEqual({ requestId: 'r1', message: '' });
  });

  it('a plain-text error keeps its text as the reason', async () => {
    service.on('GET /api/v1/me', { status: 502, body: 'upstream timed out', headers: { 'content-type': 'text/plain' }, offContract: true });
    const error = await client({ retry: false })
      .me()
      .catch((e: unknown) => e);
    expect((error as ServerError).message).toBe('The service failed (HTTP 502): upstream timed out');
  });
});

describe('typed errors', () => {
  it.each([
    [401, { error: 'Invalid API key' }, InvalidApiKeyError, /rejected the API key/],
    [402, { error: 'Insufficient credits', credits_remaining: 0 }, InsufficientCreditsError, /Out of credits \(0 credits remaining\)/],
    [400, { error: 'image_url is required' }, BadRequestError, /image_url is required/],
    [404, { error: 'Prediction not found' }, NotFoundError, /Prediction not found/],
  ])('HTTP %i becomes %s', async (status, body, type, message) => {
    // The mapping is by status alone; restyle documents no 404, so that row is off the contract on purpose.
    service.on('POST /api/v1/restyle', { status, body, offContract: status === 404 });
    const error = await client()
      .restyle(BODY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(message);
    expect((error as InstanceType<typeof type>).status).toBe(status);
  });

  it('names the field of a bad request and the credits left', async () => {
    service.on(
      'POST /api/v1/restyle',
      { status: 400, body: { error: 'image_url is required' } },
      { status: 402, body: { error: 'Insufficient credits', credits_remaining: 3 } },
    );
    const bad = (await client()
      .restyle(BODY)
      .catch((e: unknown) => e)) as BadRequestError;
    expect(bad.field).toBe('image_url');
    const broke = (await client()
      .restyle(BODY)
      .catch((e: unknown) => e)) as InsufficientCreditsError;
    expect(broke.creditsRemaining).toBe(3);
  });

  it('carries the request id from response headers', async () => {
    service.on('GET /api/v1/me', { status: 401, body: { error: 'Invalid API key' }, headers: { 'x-request-id': 'req_42' } });
    expect(
      await client()
        .me()
        .catch((e: unknown) => e),
    ).toMatchObject({ requestId: 'req_42', status: 401 });
  });

  it('never puts the key in a message or body, even when the service echoes it', async () => {
    service.on('GET /api/v1/me', { status: 401, body: { error: `Invalid API key ${KEY}` } });
    const error = (await client()
      .me()
      .catch((e: unknown) => e)) as InvalidApiKeyError;
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error.body)).not.toContain(KEY);
    expect(error.message).toContain('[redacted]');
  });

  it('turns an HTML 502 page into a ServerError without the page in the message', async () => {
    service.on('GET /api/v1/me', {
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      headers: { 'content-type': 'text/html' },
      offContract: true,
    });
    const error = (await client({ retry: false })
      .me()
      .catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('The service failed (HTTP 502)');
  });

  it.each([
    [
      'a network error and its cause',
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }),
      'fetch failed (connect ECONNREFUSED)',
    ],
    ['a network error', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['something thrown that is no Error', 'offline', 'offline'],
  ])('says what went wrong on %s, and keeps it as the cause', async (_what, thrown, said) => {
    const fetch = () => Promise.reject(thrown);
    const error = (await createRoomClient({ baseUrl: 'https://rooms.test/', fetch, retry: false })
      .me()
      .catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`Could not reach https://rooms.test: ${said}`);
    expect(error.cause).toBe(thrown);
  });

  it('reports a refused connection as ConnectionError naming the origin only', async () => {
    const url = service.url;
    await service.close();
    const error = await createRoomClient({ baseUrl: url, apiKey: KEY, retry: false })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain(url);
    service = await startFakeService();
  });
});

describe('retries', () => {
  it('retries a GET on 503 with backoff and then succeeds', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on(
      'GET /api/v1/me',
      { status: 503, body: { error: 'busy' }, offContract: true },
      { status: 500, body: { error: 'oops' } },
      { status: 200, body: { user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10', email: 'e@x.y', subscription: 's', credits_remaining: 1 } },
    );
    await client({ clock }).me();
    expect(service.requests).toHaveLength(3);
    // full jitter with random() = 0.5: half of 500 ms, then half of 1000 ms
    expect(clock.sleeps).toEqual([250, 500]);
  });

  it('honours Retry-After in seconds and as an HTTP date, counted on the client clock', async () => {
    const start = Date.UTC(2026, 10, 21, 10, 0, 0);
    const clock = new ManualClock({ start, auto: true });
    // Sent 3 s after the start (after the first wait): the date is 2 s later still.
    const inFiveSeconds = new Date(start + 5_000).toUTCString();
    service.on(
      'GET /api/v1/prediction/p',
      { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '3' } },
      { status: 503, body: { error: 'busy' }, headers: { 'retry-after': inFiveSeconds }, offContract: true },
      { status: 200, body: { status: 'processing' } },
    );
    await client({ clock }).getPrediction('p');
    expect(service.requests).toHaveLength(3);
    // Backoff with random() = 0.5 would be 250 and 500 ms: these are the service's own figures.
    expect(clock.sleeps).toEqual([3_000, 2_000]);
  });

  it('answers a Retry-After longer than the time left of the call at once, as a RateLimitedError that keeps it', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on('GET /api/v1/prediction/p', { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '45' } });
    const error = await client({ clock })
      .getPrediction('p', { timeoutMs: 30_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(45_000);
    expect((error as RateLimitedError).message).toContain('Try again in 45 s');
    expect(service.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not begin a retry that would outlast the call: a 503 whose Retry-After ends after the deadline is answered at once', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on('GET /api/v1/me', { status: 503, body: { error: 'busy' }, headers: { 'retry-after': '5' }, offContract: true });
    const error = await client({ clock })
      .me({ timeoutMs: 3_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('gives up at once when Retry-After is longer than the cap', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on('GET /api/v1/me', { status: 429, body: { error: 'slow down' }, headers: { 'retry-after': '3600' } });
    const error = (await client({ clock })
      .me()
      .catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(service.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('stops after maxRetries and throws the last error', async () => {
    service.on('GET /api/v1/me', { status: 500, body: { error: 'down' } });
    const error = await client({ clock: new ManualClock({ start: 0, auto: true }), retry: { maxRetries: 2, random: () => 0 } })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(3);
  });

  it('retries a GET after a reset connection', async () => {
    service.on('GET /api/v1/prediction/p', { reset: true }, { status: 200, body: { status: 'starting' } });
    expect((await client({ clock: new ManualClock({ start: 0, auto: true }) }).getPrediction('p')).status).toBe('starting');
    expect(service.requests).toHaveLength(2);
  });

  it('never resends a generation POST after a reset connection', async () => {
    service.on('POST /api/v1/restyle', { reset: true }, { status: 200, body: ACK });
    const error = await client({ clock: new ManualClock({ start: 0, auto: true }) })
      .restyle(BODY, { idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(service.requests).toHaveLength(1);
  });

  it('never resends a generation POST after a 500', async () => {
    service.on('POST /api/v1/enhance', { status: 500, body: { error: 'Internal server error' } }, { status: 200, body: ACK });
    await expect(
      client({ clock: new ManualClock({ start: 0, auto: true }) }).enhance({ image_url: BODY.image_url, mode: 'staging' }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
  });

  it('resends a refused (429) POST with the same Idempotency-Key', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on(
      'POST /api/v1/restyle',
      { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '1' } },
      { status: 200, body: ACK },
    );
    await client({ clock }).restyle(BODY, { idempotencyKey: 'action-7' });
    expect(service.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['action-7', 'action-7']);
    expect(service.requests.map((r) => r.body)).toEqual([JSON.stringify(BODY), JSON.stringify(BODY)]);
    expect(clock.sleeps).toEqual([1_000]);
  });
});

describe('timeouts and abort', () => {
  it('times out a call that hangs', async () => {
    service.on('GET /api/v1/me', { hang: true });
    const error = (await client({ timeoutMs: 100 })
      .me()
      .catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(100);
    expect(error.message).toBe('Reading the account timed out after 100 ms');
  });

  it('has no deadline with timeoutMs 0: it still retries, as long as it takes', async () => {
    service.on('GET /api/v1/me', { status: 503, body: { error: 'busy' }, offContract: true }, { status: 200, body: ACCOUNT });
    const rooms = client({ timeoutMs: 0, clock: new ManualClock({ start: 0, auto: true }) });
    expect((await rooms.me()).credits_remaining).toBe(7);
    expect(service.requests).toHaveLength(2);
  });

  it('waits for a Retry-After that ends just at the call’s deadline', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    service.on(
      'GET /api/v1/me',
      { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '1' } },
      { status: 200, body: ACCOUNT },
    );
    await client({ clock }).me({ timeoutMs: 1_000 });
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('aborts while the answer is being read, with the caller’s AbortError', async () => {
    const controller = new AbortController();
    // A body that arrives slowly, as a real fetch's: it errors when the request's signal aborts.
    const fetch = (_url: string, init: RequestInit) =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(stream) {
              stream.enqueue(new TextEncoder().encode('{"user_id":'));
              init.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
              setTimeout(() => controller.abort(), 0);
            },
          }),
        ),
      );
    const error = await createRoomClient({ baseUrl: 'https://rooms.test', fetch })
      .me({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
  });

  it('lets go of the caller’s signal after each call (no listener piles up on a signal shared by many calls)', async () => {
    service.on('GET /api/v1/me', { status: 200, body: ACCOUNT });
    const controller = new AbortController();
    const rooms = client();
    for (let i = 0; i < 12; i++) await rooms.me({ signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('aborts a call in flight with AbortError', async () => {
    service.on('GET /api/v1/me', { hang: true });
    const controller = new AbortController();
    const pending = client().me({ signal: controller.signal });
    await waitFor(() => service.requests.length === 1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
  });

  it('aborts during a backoff sleep without another request', async () => {
    service.on('GET /api/v1/me', { status: 503, body: { error: 'busy' }, headers: { 'retry-after': '10' }, offContract: true });
    const controller = new AbortController();
    const pending = client().me({ signal: controller.signal });
    await waitFor(() => service.requests.length === 1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(service.requests).toHaveLength(1);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
