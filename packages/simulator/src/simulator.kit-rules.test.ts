/**
 * The simulator stands in for the service as documented: by default it accepts what the service's
 * documentation allows even where the kit is stricter, so a test can show that the real service
 * accepts more than the kit sends. `kitRules` (`--kit-rules`) adds the kit's own refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call, pollUntilEnded, requestIdOf } from './test-support/api-client.js';

let documented: RunningSimulator;
let strict: RunningSimulator;

beforeAll(async () => {
  [documented, strict] = await Promise.all([
    startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 5 }),
    startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 5, kitRules: true }),
  ]);
});
afterAll(() => Promise.all([documented.close(), strict.close()]));

/** A photo the simulator serves itself, at a URL padded to `length` characters. */
const photoUrl = (sim: RunningSimulator, length: number) => {
  const url = `${sim.url}/__simulator/samples/furnished-room.jpg?pad=`;
  return url + 'x'.repeat(length - url.length);
};

/** What the service documents as acceptable and the kit refuses, with the refusal the kit's rules give. */
const cases: Array<[string, (sim: RunningSimulator) => { path: string; json?: object; headers?: Record<string, string> }, string]> = [
  [
    'an image_url of 3000 characters',
    (sim) => ({ path: '/api/v1/restyle', json: { image_url: photoUrl(sim, 3000), style: 'modern' } }),
    'image_url must be at most 2048 characters',
  ],
  [
    'a style of 70 characters',
    (sim) => ({ path: '/api/v1/restyle', json: { image_url: photoUrl(sim, 80), style: 'x'.repeat(70) } }),
    'style must be 1 to 64 characters',
  ],
  [
    'a field the service does not document',
    (sim) => ({ path: '/api/v1/enhance', json: { image_url: photoUrl(sim, 80), mode: 'staging', outputs: 4 } }),
    'unknown field outputs',
  ],
  [
    'an Idempotency-Key of 300 characters',
    (sim) => ({
      path: '/api/v1/restyle',
      json: { image_url: photoUrl(sim, 80), style: 'modern' },
      headers: { 'idempotency-key': 'k'.repeat(300) },
    }),
    'Idempotency-Key must be 1 to 255 characters',
  ],
];

const credits = async (call: Call) => ((await call('GET', '/api/v1/me')).body as { credits_remaining: number }).credits_remaining;

describe('by default the simulator holds requests to what the service documents', () => {
  it.each(cases)('starts and finishes a job for %s', async (_, request) => {
    const call = apiClient(documented.url);
    const { path, json, headers } = request(documented);
    const answer = await call('POST', path, { json, ...(headers && { headers }) });
    expect(answer.status).toBe(200);
    expect(documented.stats().acceptedJobs.map((job) => job.requestId)).toContain(requestIdOf(answer));
    expect((await pollUntilEnded(call, requestIdOf(answer))).prediction.status).toBe('succeeded');
  });

  it('lists nothing for a limit below 1, where the kit’s rules answer 400', async () => {
    expect(await apiClient(documented.url)('GET', '/api/v1/predictions?limit=0')).toMatchObject({
      status: 200,
      body: { predictions: [], count: 0 },
    });
    expect(await apiClient(strict.url)('GET', '/api/v1/predictions?limit=0')).toMatchObject({
      status: 400,
      body: { error: 'limit must be an integer from 1 to 100' },
    });
  });
});

describe('with the kit’s rules (kitRules, --kit-rules) it refuses the same, free of charge', () => {
  it.each(cases)('refuses %s', async (_, request, error) => {
    const call = apiClient(strict.url);
    const before = await credits(call);
    const { path, json, headers } = request(strict);
    expect(await call('POST', path, { json, ...(headers && { headers }) })).toMatchObject({ status: 400, body: { error } });
    expect(await credits(call)).toBe(before);
  });
});
