import { once } from 'node:events';
import { createServer } from 'node:net';
import { type FakeService, startFakeService } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

const KEY = 'bs_live_0123456789abcdef0123456789abcdef';
const photo = { image_url: 'https://example.com/room.jpg', style: 'modern' };

const textOf = (result: Record<string, unknown>) => (result.content as { text: string }[] | undefined)?.[0]?.text ?? '';

describe('errors come back as isError results that say what to do', () => {
  let service: FakeService;
  const open: Connected[] = [];
  const connect = async (options: Parameters<typeof connectInMemory>[0]) => {
    const mcp = await connectInMemory(options);
    open.push(mcp);
    return mcp.client;
  };
  beforeEach(async () => {
    service = await startFakeService({ apiKey: KEY, credits: 0 });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await service.close();
  });

  it('no key: the server still answers and explains how to set ROOM_API_KEY', async () => {
    const client = await connect({ baseUrl: service.url });
    for (const [name, args] of [
      ['me', {}],
      ['restyle', photo],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/Set ROOM_API_KEY in the "env" block/);
    }
    expect(service.jobs.size).toBe(0);
  });

  it('no base URL: explains ROOM_API_BASE_URL and the simulator', async () => {
    const client = await connect({ apiKey: KEY });
    const result = await client.callTool({ name: 'me', arguments: {} });
    expect(textOf(result)).toMatch(/Set ROOM_API_BASE_URL .*room-restyler-sim/);
  });

  it('401: says the key was rejected, without ever showing a key', async () => {
    const wrongKey = 'bs_live_ffffffffffffffffffffffffffffffff';
    const client = await connect({ apiKey: wrongKey, baseUrl: service.url });
    const result = await client.callTool({ name: 'restyle', arguments: photo });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/rejected the API key \(HTTP 401\)\. Check ROOM_API_KEY/);
    expect(JSON.stringify(result)).not.toContain(wrongKey);
  });

  it('402: out of credits with the count, nothing charged', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const result = await client.callTool({ name: 'restyle', arguments: photo });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Out of credits: 0 credits remaining, and each generated image costs 1 credit\. Nothing was charged/);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('400: names the field to fix', async () => {
    service.on('POST /api/v1/restyle', { status: 400, body: { error: 'image_url could not be downloaded' } });
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const result = await client.callTool({ name: 'restyle', arguments: { ...photo, image_url: 'https://example.com/unreachable.jpg' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'The service refused the request (HTTP 400): image_url could not be downloaded. Fix the `image_url` argument and try again. Nothing was charged.',
    );
  });

  it('429: says when to retry', async () => {
    service.on('POST /api/v1/restyle', { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '120' } });
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const result = await client.callTool({ name: 'restyle', arguments: photo });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('The service is rate limiting requests. Try again in 120 s.');
  });

  it('an invalid URL or a missing photo is refused before calling the service', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const invalid = await client.callTool({ name: 'restyle', arguments: { ...photo, image_url: 'ftp://example.com/x.jpg' } });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain('image_url must be an absolute http(s) URL');
    const missing = await client.callTool({ name: 'restyle', arguments: { style: 'modern' } });
    expect(textOf(missing)).toMatch(/A room photo is required: give image_url .* or image_path/);
    expect(service.jobs.size).toBe(0);
  });

  it('network: says the service could not be reached and to check ROOM_API_BASE_URL', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const client = await connect({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` });
    const result = await client.callTool({ name: 'me', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+.*Check ROOM_API_BASE_URL/);
  });

  it('an unknown prediction id says to use the id returned by enhance or restyle', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const result = await client.callTool({ name: 'prediction', arguments: { id: 'job_404', wait_seconds: 0 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no prediction with that id/);
  });

  it('carry the facts a program acts on as structured content: code, retryable, retry_after_s, credits_remaining', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const broke = await client.callTool({ name: 'restyle', arguments: photo });
    expect(broke.structuredContent).toMatchObject({
      request_id: '',
      status: 'not_started',
      done: false,
      error: { code: 'insufficient_credits', retryable: false, credits_remaining: 0 },
    });
    service.on('POST /api/v1/restyle', { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '120' } });
    const limited = await client.callTool({ name: 'restyle', arguments: photo });
    expect((limited.structuredContent as { error: unknown }).error).toEqual({
      code: 'rate_limited',
      message: 'The service is rate limiting requests. Try again in 120 s.',
      retryable: true,
      retry_after_s: 120,
    });
  });

  it('a base URL copied with its /api/v1 still works (it used to say "no prediction with that id")', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: `${service.url}/api/v1/` });
    const result = await client.callTool({ name: 'me', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ credits_remaining: 0 });
  });

  it('a 404 outside a prediction blames the service address, not the id', async () => {
    service.on('GET /api/v1/me', { status: 404, body: { error: 'Not found' }, offContract: true });
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const text = textOf(await client.callTool({ name: 'me', arguments: {} }));
    expect(text).toMatch(/HTTP 404 .*Check ROOM_API_BASE_URL/);
    expect(text).not.toMatch(/prediction/);
  });

  it('a base URL that is not http(s) is named as such (it used to say "Could not reach null")', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: 'localhost:4010' });
    const text = textOf(await client.callTool({ name: 'me', arguments: {} }));
    expect(text).toMatch(/^ROOM_API_BASE_URL must be an http\(s\) URL \(got "localhost:4010"\)\. Set ROOM_API_BASE_URL/);
    expect(text).not.toContain('null');
    // It is configured, just not as a URL: the text used to go on "No service address is configured".
    expect(text).not.toMatch(/not configured|No service address/);
  });

  it('a base URL with a query is refused naming ROOM_API_BASE_URL (the query used to land inside every path)', async () => {
    const client = await connect({ apiKey: KEY, baseUrl: `${service.url}/api/v1?key=x` });
    const text = textOf(await client.callTool({ name: 'me', arguments: {} }));
    expect(text).toMatch(/^ROOM_API_BASE_URL must not have a query or fragment/);
    expect(service.requests).toHaveLength(0);
  });

  it('a 500 says once that the service failed (it used to say "The service failed: The service failed")', async () => {
    service.on('GET /api/v1/me', { status: 500, body: { error: 'Internal server error' } });
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const text = textOf(await client.callTool({ name: 'me', arguments: {} }));
    expect(text).toBe('The service failed (HTTP 500): Internal server error. Try again later.');
  });

  it('a 5xx whose reason ends in a full stop is not followed by a second one (it used to say "maintenance.. Try again later")', async () => {
    service.on('GET /api/v1/me', { status: 503, body: { error: 'Down for maintenance.' }, offContract: true });
    const client = await connect({ apiKey: KEY, baseUrl: service.url });
    const text = textOf(await client.callTool({ name: 'me', arguments: {} }));
    expect(text).toBe('The service failed (HTTP 503): Down for maintenance. Try again later.');
  });
});
