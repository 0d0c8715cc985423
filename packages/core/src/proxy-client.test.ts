/** The key proxy's client: the proxy's paths and answers, on core's one request path. */
import { ManualClock } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, RateLimitedError, TimeoutError } from './errors.js';
import { createProxyClient, type ProxyClientOptions, type ProxyOperationBody } from './proxy-client.js';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  cache: RequestCache | undefined;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ACK = { success: true, request_id: 'h_1', message: 'Generation started.' };
const BODY = { image_url: 'https://example.com/room.jpg', style: 'japandi' };

/** A proxy that gives the scripted answers in turn (the last one again once they run out), and what it was sent. */
function scripted(...answers: Array<() => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
      cache: init.cache,
    });
    return (answers[Math.min(sent.length, answers.length) - 1] as () => Response | Promise<Response>)();
  };
  const client = (options: Partial<ProxyClientOptions> = {}) =>
    createProxyClient({ baseUrl: 'https://site.test/rooms/', fetch, clock: new ManualClock({ start: 0, auto: true }), ...options });
  return { sent, client };
}

describe('the proxy client', () => {
  it('starts a job at the proxy’s path with the visitor’s cookie, JSON and the Idempotency-Key', async () => {
    const { sent, client } = scripted(() => json(200, ACK));
    expect(await client().restyle(BODY, { idempotencyKey: 'action-1' })).toEqual({ requestId: 'h_1', message: ACK.message });
    expect(sent[0]).toMatchObject({ url: 'https://site.test/rooms/api/v1/restyle', method: 'POST', credentials: 'include' });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('action-1');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.body))).toEqual(BODY);
  });

  it('starts any operation at the proxy’s mirror of the service’s path, with its body and key', async () => {
    const { sent, client } = scripted(() => json(200, { ...ACK, expected_seconds: 12 }));
    const objects = { image_url: BODY.image_url, objects: ['faces', 'license plates'] };
    expect(await client().start('blurObjects', objects, { idempotencyKey: 'blur-1' })).toEqual({
      requestId: 'h_1',
      message: ACK.message,
      expectedMs: 12_000,
    });
    await client().start('clearSky', { image_url: BODY.image_url });
    // @ts-expect-error -- each operation takes its own body: window-view needs a view type.
    const noView: ProxyOperationBody<'windowView'> = { image_url: BODY.image_url };
    await client().start('windowView', noView);
    await client().start('removeObjects', { image_url: BODY.image_url, objects: 'the red car' });
    expect(sent.map((s) => s.url)).toEqual([
      'https://site.test/rooms/api/v1/blur',
      'https://site.test/rooms/api/v1/clear-sky',
      'https://site.test/rooms/api/v1/window-view',
      'https://site.test/rooms/api/v1/remove',
    ]);
    expect(sent[0]?.headers.get('idempotency-key')).toBe('blur-1');
    expect(JSON.parse(String(sent[0]?.body))).toEqual(objects);
  });

  it('reads a start acknowledged in the other sections’ shape too', async () => {
    const { client } = scripted(() => json(200, { requestId: 'h_2', status: 'starting', remainingGenerations: 9 }));
    expect(
      await client().start('inpaint', { image_url: BODY.image_url, mask_url: 'https://example.com/mask.png', prompt: 'A lamp' }),
    ).toEqual({
      requestId: 'h_2',
      message: '',
      expectedMs: undefined,
    });
  });

  it('reports an operation the site does not allow as the proxy’s 404, with the operations it allows', async () => {
    const { client } = scripted(() => json(404, { error: 'Not found', code: 'not_found', allowed: ['enhance', 'restyle', 'emptyRoom'] }));
    const error = await client({ retry: false })
      .start('upscale', { image_url: BODY.image_url })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 404,
      message: 'HTTP 404: Not found',
      body: { code: 'not_found', allowed: ['enhance', 'restyle', 'emptyRoom'] },
    });
  });

  it('reads how long the site’s jobs take from the start’s answer, when the proxy knows', async () => {
    const { client } = scripted(() => json(200, { ...ACK, expected_seconds: 4.5 }));
    expect(await client().enhance({ image_url: BODY.image_url, mode: 'staging' })).toEqual({
      requestId: 'h_1',
      message: ACK.message,
      expectedMs: 4_500,
    });
  });

  it('sends a start refused with 428 (no visitor cookie yet) again once, with the same key, and no more', async () => {
    const refusal = () => json(428, { error: 'Visitor cookie required', code: 'visitor_cookie_required' });
    const once = scripted(refusal, () => json(200, ACK));
    expect((await once.client().enhance({ image_url: BODY.image_url, mode: 'staging' }, { idempotencyKey: 'k' })).requestId).toBe('h_1');
    expect(once.sent.map((s) => s.headers.get('idempotency-key'))).toEqual(['k', 'k']);

    const always = scripted(refusal);
    const error = await always
      .client()
      .enhance({ image_url: BODY.image_url, mode: 'staging' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 428, body: { code: 'visitor_cookie_required' } });
    expect(always.sent).toHaveLength(2);
  });

  it('leaves a limit’s Retry-After to the caller when told not to wait, and still sends the 428 again once', async () => {
    // What `<room-restyler>` asks: the visitor sees the limit's countdown instead of a silent wait.
    const { sent, client } = scripted(
      () => json(428, { error: 'Visitor cookie required', code: 'visitor_cookie_required' }),
      () => json(429, { error: 'Limit reached', code: 'visitor_limit' }, { 'retry-after': '1' }),
    );
    const error = await client({ retry: { maxRetryAfterMs: 0 } })
      .restyle(BODY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(1000);
    expect(sent).toHaveLength(2);
  });

  it('starts a try of several styles at the proxy’s tries path, with its key, and reads a refusal’s `left`', async () => {
    const started = {
      tries: [
        { style: 'japandi', handle: 'h_1' },
        { style: 'boho', handle: 'h_2' },
      ],
      credits: 2,
    };
    const { sent, client } = scripted(
      () => json(202, started),
      () => json(429, { error: 'Only 1 more style', code: 'visitor_limit', retry_after_seconds: 60, left: 1 }, { 'retry-after': '60' }),
    );
    const body = { operation: 'restyle', styles: ['japandi', 'boho'], image_url: BODY.image_url };
    expect(await client().startTries(body, { idempotencyKey: 'try-1' })).toEqual(started);
    expect(sent[0]).toMatchObject({ url: 'https://site.test/rooms/api/v1/tries', method: 'POST' });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('try-1');
    expect(JSON.parse(String(sent[0]?.body))).toEqual(body);
    const error = await client({ retry: { maxRetryAfterMs: 0 } })
      .startTries(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ limit: 'visitor_limit', left: 1, retryAfterMs: 60_000 });
  });

  it('stops a start at once when the caller aborts', async () => {
    const controller = new AbortController();
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const started = createProxyClient({ baseUrl: 'https://site.test', fetch: hang }).restyle(BODY, { signal: controller.signal });
    controller.abort();
    expect(await started.catch((e: unknown) => e)).toBeInstanceOf(AbortError);
  });

  it('gives a start a timeout', async () => {
    // A proxy that never answers: only the call's deadline ends the wait (a fetch rejects when its signal aborts).
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = (options: Partial<ProxyClientOptions>) => createProxyClient({ baseUrl: 'https://site.test', fetch: hang, ...options });
    const error = await client({ timeoutMs: 50 })
      .restyle(BODY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, message: 'Starting the restyle: timeout' });
  });

  it('maps the proxy’s refusals to core’s typed errors, its code and Retry-After kept', async () => {
    const { client } = scripted(() => json(429, { error: 'Limit reached', code: 'visitor_limit' }, { 'retry-after': '120' }));
    const error = (await client({ retry: { maxRetryAfterMs: 0 } })
      .restyle(BODY)
      .catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.body).toMatchObject({ code: 'visitor_limit' });
    expect(error.message).toBe('HTTP 429: Limit reached');
  });

  it('stops a wait at its deadline with a TimeoutError that names the handle', async () => {
    const { client } = scripted(() => json(200, { status: 'processing' }));
    const error = (await client()
      .waitForPrediction('h_1', { timeoutMs: 10_000 })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ requestId: 'h_1', timeoutMs: 10_000, message: 'Stopped waiting for h_1 (deadline)' });
  });

  it('reads a prediction by its handle, past any HTTP cache, and follows it to the end', async () => {
    const { sent, client } = scripted(
      () => json(200, { status: 'processing' }),
      () => json(200, { status: 'succeeded', output: ['https://cdn.test/1.jpg'] }),
    );
    const prediction = await client().waitForPrediction('h/1');
    expect(prediction.output).toEqual(['https://cdn.test/1.jpg']);
    expect(sent.map((s) => s.url)).toEqual(Array(2).fill('https://site.test/rooms/api/v1/prediction/h%2F1'));
    expect(sent.every((s) => s.cache === 'no-store' && s.credentials === 'include')).toBe(true);
  });

  it('uploads a photo as its bytes, typed by the Blob', async () => {
    const { sent, client } = scripted(() => json(200, { url: 'https://site.test/rooms/api/v1/uploads/u1', expires_at: 'x' }));
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    expect((await client().upload(photo)).url).toBe('https://site.test/rooms/api/v1/uploads/u1');
    expect(sent[0]).toMatchObject({ url: 'https://site.test/rooms/api/v1/uploads', method: 'POST', body: photo });
    expect(sent[0]?.headers.get('content-type')).toBe('image/jpeg');
  });

  it('uploads a mask to the proxy’s mask uploads', async () => {
    const { sent, client } = scripted(() => json(201, { url: 'https://site.test/rooms/api/v1/uploads/m1', expires_at: 'x' }));
    const mask = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect((await client().upload(mask, { kind: 'mask' })).url).toBe('https://site.test/rooms/api/v1/uploads/m1');
    expect(sent[0]).toMatchObject({ url: 'https://site.test/rooms/api/v1/uploads?kind=mask', method: 'POST', body: mask });
    expect(sent[0]?.headers.get('content-type')).toBe('image/png');
  });

  it('reports a proxy it cannot reach as a ConnectionError naming the call, the fetch’s error as its cause', async () => {
    const unreachable = new TypeError('fetch failed');
    const { client } = scripted(() => Promise.reject(unreachable));
    const error = await client({ retry: false })
      .restyle(BODY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ message: 'Starting the restyle: unreachable', cause: unreachable });
  });
});
