import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call, pollUntilEnded, requestIdOf } from './test-support/api-client.js';

const ALICE = 'alice_secret_key_123';
const BOB = 'bob_secret_key_456';
const CAROL = 'carol_secret_key_789';
let sim: RunningSimulator;
let call: Call;

beforeAll(async () => {
  sim = await startSimulator({
    accounts: [{ apiKey: ALICE }, { apiKey: BOB }, { apiKey: CAROL }],
    latencyMs: { min: 5, max: 10 },
    seed: 8,
    // The limit's range below 1 is the kit's rule (the service documents `value <= 100`).
    kitRules: true,
  });
  call = apiClient(sim.url);
});
afterAll(() => sim.close());

const start = async (key: string) =>
  requestIdOf(
    await call('POST', '/api/v1/restyle', {
      key,
      json: { image_url: `${sim.url}/__simulator/samples/furnished-room.jpg`, style: 'rustic' },
    }),
  );
const list = async (query = '', key = ALICE) => (await call('GET', `/api/v1/predictions${query}`, { key })).body as ListBody;

interface ListBody {
  predictions: Array<{ prediction_id: string; status: string; created_at: string; completed_at: string | null }>;
  count: number;
}

describe('GET /api/v1/predictions', () => {
  it("lists the key's own generations, newest first", async () => {
    const first = await start(ALICE);
    const second = await start(ALICE);
    const bobs = await start(BOB);
    expect(await list()).toMatchObject({ predictions: [{ prediction_id: second }, { prediction_id: first }], count: 2 });
    expect((await list('', BOB)).predictions.map((p) => p.prediction_id)).toEqual([bobs]);
  });

  it('gives every documented field: null until it applies, then what the prediction says', async () => {
    const slow = await startSimulator({ latencyMs: { min: 60_000, max: 60_000 } });
    try {
      const slowCall = apiClient(slow.url);
      const id = requestIdOf(
        await slowCall('POST', '/api/v1/enhance', {
          json: { image_url: `${slow.url}/__simulator/samples/empty-room.jpg`, mode: 'staging' },
        }),
      );
      expect((await slowCall('GET', '/api/v1/predictions')).body).toEqual({
        predictions: [
          { prediction_id: id, status: 'starting', output: null, error: null, created_at: expect.any(String), completed_at: null },
        ],
        count: 1,
      });
    } finally {
      await slow.close();
    }

    const id = await start(ALICE);
    const { prediction } = await pollUntilEnded(call, id, ALICE);
    const done = (await list()).predictions.find((p) => p.prediction_id === id);
    expect(done).toEqual({
      prediction_id: id,
      status: 'succeeded',
      output: prediction.output,
      error: null,
      created_at: expect.any(String),
      completed_at: prediction.completed_at,
    });
    expect(Date.parse(done!.completed_at!)).toBeGreaterThanOrEqual(Date.parse(done!.created_at));
  });

  it('returns 20 by default and at most `limit`, 1 to 100', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push(await start(CAROL));
    const newest = ids.reverse();
    expect((await list('', CAROL)).predictions.map((p) => p.prediction_id)).toEqual(newest.slice(0, 20));
    expect(await list('?limit=3', CAROL)).toMatchObject({ predictions: newest.slice(0, 3).map((id) => ({ prediction_id: id })), count: 3 });
    expect((await list('?limit=100', CAROL)).count).toBe(22);
  });

  it.each(['0', '101', 'ten', '2.5', ''])('answers limit=%s with a 400 naming the range', async (limit) => {
    expect(await call('GET', `/api/v1/predictions?limit=${limit}`, { key: ALICE })).toMatchObject({
      status: 400,
      body: { error: 'limit must be an integer from 1 to 100' },
    });
  });
});
