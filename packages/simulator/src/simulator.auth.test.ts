import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call, requestIdOf } from './test-support/api-client.js';

const ALICE = 'alice_secret_key_123';
const BOB = 'bob_secret_key_456';
let sim: RunningSimulator;
let call: Call;
const lines: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({
    accounts: [{ apiKey: ALICE }, { apiKey: BOB, credits: 5 }],
    latencyMs: { min: 5, max: 10 },
    log: (l) => lines.push(l),
    seed: 1,
  });
  call = apiClient(sim.url);
});
afterAll(() => sim.close());

const image = () => `${sim.url}/__simulator/samples/furnished-room.jpg`;
const endpoints = [
  ['GET', '/api/v1/me', undefined],
  ['POST', '/api/v1/enhance', { image_url: 'https://example.com/a.jpg', mode: 'staging' }],
  ['POST', '/api/v1/restyle', { image_url: 'https://example.com/a.jpg', style: 'modern' }],
  ['GET', '/api/v1/prediction/pred_anything', undefined],
  ['GET', '/api/v1/predictions', undefined],
] as const;

describe('authentication', () => {
  it.each(endpoints)(
    '%s %s answers 401 Invalid API key without a key, with a malformed header or an unknown key',
    async (method, path, json) => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: `Basic ${ALICE}` },
        { authorization: 'Bearer' },
        { authorization: `Bearer ${ALICE} extra` },
        { authorization: 'Bearer unknown_key' },
      ]) {
        const response = await call(method, path, { key: null, headers, ...(json && { json }) });
        expect(response, JSON.stringify(headers)).toMatchObject({ status: 401, body: { error: 'Invalid API key' } });
      }
      expect(sim.stats().jobs.accepted).toBe(0);
    },
  );

  it('serves each key its own account', async () => {
    const alice = await call('GET', '/api/v1/me', { key: ALICE });
    const bob = await call('GET', '/api/v1/me', { key: BOB });
    expect(alice.body).toMatchObject({ email: 'sim-user-1@example.com', subscription: 'simulator', credits_remaining: 100 });
    expect(bob.body).toMatchObject({ email: 'sim-user-2@example.com', credits_remaining: 5 });
    expect(alice.body).not.toEqual(bob.body);
  });

  it("answers 404 Prediction not found for unknown ids and for another account's prediction", async () => {
    const id = requestIdOf(await call('POST', '/api/v1/restyle', { key: ALICE, json: { image_url: image(), style: 'coastal' } }));
    expect((await call('GET', `/api/v1/prediction/${id}`, { key: ALICE })).status).toBe(200);
    expect(await call('GET', `/api/v1/prediction/${id}`, { key: BOB })).toMatchObject({
      status: 404,
      body: { error: 'Prediction not found' },
    });
    expect(await call('GET', '/api/v1/prediction/pred_doesnotexist', { key: ALICE })).toMatchObject({
      status: 404,
      body: { error: 'Prediction not found' },
    });
  });

  it('issues opaque, unguessable, distinct request ids', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () =>
        requestIdOf(await call('POST', '/api/v1/restyle', { key: ALICE, json: { image_url: image(), style: 'rustic' } })),
      ),
    );
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^pred_[A-Za-z0-9_-]{22}$/);
  });

  it('never echoes a key in responses, stats or log lines', async () => {
    const stats = await call('GET', '/__simulator/stats', { key: null });
    const texts = [JSON.stringify(stats.body), JSON.stringify(sim.stats()), ...lines];
    for (const text of texts) {
      expect(text).not.toContain(ALICE);
      expect(text).not.toContain(BOB);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('routing', () => {
  it('answers unknown paths with JSON 404 and wrong methods with JSON 405 and Allow', async () => {
    expect(await call('GET', '/api/v1/nothing', { contract: false })).toMatchObject({ status: 404, body: { error: 'Not found' } });
    const wrong = await call('DELETE', '/api/v1/me', { contract: false });
    expect(wrong).toMatchObject({ status: 405, body: { error: 'Method not allowed' } });
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await call('GET', '/api/v1/restyle', { contract: false })).headers.get('allow')).toBe('POST');
  });

  it('serves read-only stats outside /api/v1 without a key, counting requests per route', async () => {
    const response = await call('GET', '/__simulator/stats', { key: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ seed: 1, requests: { 'GET /api/v1/me': expect.any(Number), '(unmatched)': 1 } });
    expect((await call('POST', '/__simulator/stats', { key: null })).status).toBe(405);
  });
});
