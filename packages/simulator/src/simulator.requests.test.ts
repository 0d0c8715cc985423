import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call } from './test-support/api-client.js';

let sim: RunningSimulator;
let call: Call;

beforeAll(async () => {
  // These requests rely on the kit's rules too (a non-http URL, 65 characters of style, an unknown field).
  sim = await startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 2, kitRules: true });
  call = apiClient(sim.url);
});
afterAll(() => sim.close());

const url = 'https://example.com/room.jpg';

describe('bad requests answer 400 with a clear message and charge nothing', () => {
  it.each([
    ['/api/v1/restyle', { style: 'modern' }, 'image_url is required'],
    ['/api/v1/enhance', { mode: 'staging' }, 'image_url is required'],
    ['/api/v1/restyle', { image_url: 'ftp://example.com/a.jpg', style: 'modern' }, 'image_url must be an absolute http or https URL'],
    ['/api/v1/enhance', { image_url: 'not a url' }, 'image_url must be an absolute http or https URL'],
    ['/api/v1/restyle', { image_url: url }, 'style is required'],
    ['/api/v1/restyle', { image_url: url, style: 7 }, 'style must be a string'],
    ['/api/v1/enhance', { image_url: 42 }, 'image_url must be a string'],
    ['/api/v1/enhance', { image_url: url, mode: 'staging', room_type: ['bedroom'] }, 'room_type must be a string'],
    ['/api/v1/enhance', { image_url: url, style: 'modern' }, 'mode is required'],
    ['/api/v1/enhance', { image_url: url, mode: 'furnish' }, 'mode must be one of staging, restyle, empty-room'],
    ['/api/v1/enhance', { image_url: url, mode: 'staging', outputs: 4 }, 'unknown field outputs'],
    ['/api/v1/restyle', { image_url: url, style: '🛋'.repeat(65) }, 'style must be 1 to 64 characters'],
    ['/api/v1/enhance', [], 'Request body must be a JSON object'],
  ])('POST %s %j', async (path, json, error) => {
    expect(await call('POST', path, { json })).toMatchObject({ status: 400, body: { error } });
  });

  // Found by the whole-kit fuzzer: this target made `new URL()` throw, answered with a 500.
  it('answers a request target that is no URL path with a JSON 400', async () => {
    const { port } = new URL(sim.url);
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/\\evil.example:x]', headers: { authorization: 'Bearer sim_test_key' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Malformed request target' });
  });

  it('rejects invalid JSON, an empty body and a wrong Content-Type', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await call('POST', '/api/v1/restyle', { body: '{"image_url":', headers: json })).toMatchObject({
      status: 400,
      body: { error: 'Request body is not valid JSON' },
    });
    expect(await call('POST', '/api/v1/restyle', { body: '', headers: json })).toMatchObject({
      status: 400,
      body: { error: 'Request body is empty; send a JSON object' },
    });
    const form = await call('POST', '/api/v1/restyle', {
      body: `image_url=${url}&style=modern`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form).toMatchObject({ status: 400, body: { error: 'Content-Type must be application/json' } });
  });

  it('rejects an oversized body, whether announced by Content-Length or streamed', async () => {
    const huge = JSON.stringify({ image_url: url, style: 'modern', padding: 'x'.repeat(200_000) });
    expect(await call('POST', '/api/v1/restyle', { body: huge, headers: { 'content-type': 'application/json' } })).toMatchObject({
      status: 400,
      body: { error: 'Request body is larger than 65536 bytes' },
    });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${sim.url}/api/v1/restyle`, {
      method: 'POST',
      headers: { authorization: 'Bearer sim_test_key', 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toEqual({ error: 'Request body is larger than 65536 bytes' });
    // The server is still fine afterwards.
    expect((await call('GET', '/api/v1/me')).status).toBe(200);
  });

  it('charged nothing for any of the above', async () => {
    expect((await call('GET', '/api/v1/me')).body).toMatchObject({ credits_remaining: 100 });
    expect(sim.stats()).toMatchObject({ jobs: { accepted: 0 }, credits: { debited: 0 } });
  });
});

describe('credits', () => {
  it('answers 402 Insufficient credits with the remaining count, and charges nothing', async () => {
    sim.setCredits('sim_test_key', 0);
    expect(await call('POST', '/api/v1/restyle', { json: { image_url: url, style: 'modern' } })).toMatchObject({
      status: 402,
      body: { error: 'Insufficient credits', credits_remaining: 0 },
    });
    expect(sim.stats().jobs.accepted).toBe(0);
    sim.setCredits('sim_test_key', 100);
  });

  it('checks the request before the balance: a bad body with no credits is still a 400', async () => {
    sim.setCredits('sim_test_key', 0);
    expect((await call('POST', '/api/v1/restyle', { json: { style: 'modern' } })).status).toBe(400);
    sim.setCredits('sim_test_key', 100);
  });
});
