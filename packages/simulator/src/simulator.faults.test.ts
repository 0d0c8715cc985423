import { specAt } from '@room-restyler/test-kit/contract';
import { describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { SIMULATED_FAILURE } from './state/jobs.js';
import { type ApiResponse, apiClient, type Call, pollUntilEnded, requestIdOf } from './test-support/api-client.js';

async function withSimulator(options: Parameters<typeof startSimulator>[0], run: (call: Call, sim: RunningSimulator) => Promise<void>) {
  const sim = await startSimulator({ latencyMs: { min: 5, max: 15 }, seed: 11, ...options });
  try {
    await run(apiClient(sim.url), sim);
  } finally {
    await sim.close();
  }
}

const restyle = (sim: RunningSimulator) => ({ json: { image_url: `${sim.url}/__simulator/samples/furnished-room.jpg`, style: 'luxury' } });

describe('without fault flags', () => {
  it('never answers what the service does not document: no 429, no failed job, no refund, no error', async () => {
    await withSimulator({}, async (call, sim) => {
      const image_url = `${sim.url}/__simulator/samples/furnished-room.jpg`;
      const starts = [
        ...(['staging', 'restyle', 'empty-room'] as const).map((mode) => call('POST', '/api/v1/enhance', { json: { image_url, mode } })),
        call('POST', '/api/v1/restyle', { json: { image_url, style: 'bohemian' } }),
      ];
      const ids = (await Promise.all(starts)).map(requestIdOf);
      const ended = await Promise.all(ids.map((id) => pollUntilEnded(call, id)));
      expect(ended.map(({ prediction }) => prediction.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      const documented = specAt('/components/schemas/DocumentedPredictionStatus/enum') as string[];
      expect(documented).toEqual(expect.arrayContaining([...new Set(ended.flatMap(({ seen }) => seen))]));
      expect(ended.every(({ prediction }) => prediction.error === undefined)).toBe(true);
      const { body } = await call('GET', '/api/v1/predictions');
      expect((body as { predictions: Array<{ error: unknown }> }).predictions.map((p) => p.error)).toEqual([null, null, null, null]);
      const stats = sim.stats();
      expect(Object.keys(stats.responses).sort()).toEqual(['200']);
      expect(stats).toMatchObject({
        jobs: { accepted: 4, succeeded: 4, failed: 0 },
        credits: { debited: 4, refunded: 0 },
        faults: { serverErrors: 0, rateLimited: 0, resets: 0, resetsAfterJobCreated: 0, failedJobs: 0 },
      });
    });
  });
});

describe('fault injection', () => {
  it('errorRate answers 500 Internal server error on every endpoint, and a 500 POST created nothing', async () => {
    await withSimulator({ errorRate: 1 }, async (call, sim) => {
      for (const [method, path] of [
        ['GET', '/api/v1/me'],
        ['GET', '/api/v1/prediction/pred_x'],
        ['POST', '/api/v1/enhance'],
        ['POST', '/api/v1/restyle'],
      ] as const) {
        expect(await call(method, path, method === 'POST' ? restyle(sim) : {})).toMatchObject({
          status: 500,
          body: { error: 'Internal server error' },
        });
      }
      expect(sim.stats()).toMatchObject({
        jobs: { accepted: 0 },
        credits: { debited: 0 },
        faults: { serverErrors: 4 },
        accounts: [{ creditsRemaining: 100 }],
      });
      // Images and the simulator's own routes are not the service: never faulted.
      expect((await fetch(`${sim.url}/__simulator/samples/empty-room.jpg`)).status).toBe(200);
    });
  });

  it('rateLimitRate answers 429 Too many requests with Retry-After: 1, creating nothing', async () => {
    await withSimulator({ rateLimitRate: 1 }, async (call, sim) => {
      const response = await call('POST', '/api/v1/restyle', restyle(sim));
      expect(response).toMatchObject({ status: 429, body: { error: 'Too many requests' } });
      expect(response.headers.get('retry-after')).toBe('1');
      expect(sim.stats()).toMatchObject({ jobs: { accepted: 0 }, faults: { rateLimited: 1 } });
    });
  });

  it('concurrencyPerKey answers a start beyond the running jobs of its key 429 with Retry-After: 1, charging nothing', async () => {
    const accounts = [{ apiKey: 'sim_test_key' }, { apiKey: 'sim_other_key' }];
    await withSimulator({ concurrencyPerKey: 2, accounts }, async (call, sim) => {
      const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/v1/restyle', restyle(sim))));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
      expect(refused[0]?.body).toEqual({ error: 'Too many generations running' });
      expect(refused[0]?.headers.get('retry-after')).toBe('1');
      expect(sim.stats()).toMatchObject({ jobs: { accepted: 2 }, credits: { debited: 2 }, overConcurrency: 1 });
      // Another key has its own limit.
      expect((await call('POST', '/api/v1/restyle', { ...restyle(sim), key: 'sim_other_key' })).status).toBe(200);
      // An ended job frees its place.
      await pollUntilEnded(call, requestIdOf(answers.find((answer) => answer.status === 200) as ApiResponse));
      expect((await call('POST', '/api/v1/restyle', restyle(sim))).status).toBe(200);
      expect(sim.stats()).toMatchObject({ jobs: { accepted: 4 }, credits: { debited: 4 }, overConcurrency: 1 });
    });
  });

  it('rejects a concurrencyPerKey that is not a positive integer', async () => {
    for (const concurrencyPerKey of [0, -1, 1.5]) {
      await expect(startSimulator({ concurrencyPerKey })).rejects.toThrow('concurrencyPerKey must be a positive integer');
    }
  });

  it('failRate ends accepted jobs failed, with the credits refunded', async () => {
    await withSimulator({ failRate: 1 }, async (call, sim) => {
      const id = requestIdOf(await call('POST', '/api/v1/restyle', restyle(sim)));
      const { prediction } = await pollUntilEnded(call, id);
      expect(prediction).toEqual({ status: 'failed', error: SIMULATED_FAILURE, completed_at: expect.any(String) });
      expect(specAt('/components/schemas/FailedPredictionStatus')).toMatchObject({
        enum: ['failed', 'canceled'],
        'x-undocumented': true,
      });
      expect((await call('GET', '/api/v1/predictions')).body).toMatchObject({
        predictions: [{ prediction_id: id, status: 'failed', output: null, error: SIMULATED_FAILURE }],
      });
      expect(sim.stats()).toMatchObject({
        jobs: { failed: 1 },
        credits: { debited: 1, refunded: 1 },
        faults: { failedJobs: 1 },
        accounts: [{ creditsRemaining: 100 }],
      });
    });
  });

  it('resetRate drops the connection without an answer; some reset POSTs did create (and charge) a job', async () => {
    await withSimulator({ resetRate: 1 }, async (call, sim) => {
      for (let i = 0; i < 20; i++) await expect(call('POST', '/api/v1/restyle', restyle(sim))).rejects.toThrow(TypeError);
      const stats = sim.stats();
      expect(stats.faults.resets).toBe(20);
      expect(stats.faults.resetsAfterJobCreated).toBe(stats.jobs.accepted);
      expect(stats.jobs.accepted).toBeGreaterThan(0);
      expect(stats.jobs.accepted).toBeLessThan(20);
      expect(stats.credits.debited).toBe(stats.jobs.accepted);
      expect(stats.acceptedJobs.every((job) => !job.acknowledged)).toBe(true);
      expect(stats.responses.reset).toBe(20);
    });
  });

  it('injects faults at roughly the configured rates, and the same seed replays the same faults', async () => {
    const statuses = async (seed: number) => {
      let seen: number[] = [];
      await withSimulator({ seed, errorRate: 0.2, rateLimitRate: 0.1 }, async (call) => {
        seen = await Promise.all(Array.from({ length: 300 }, () => call('GET', '/api/v1/me').then((r) => r.status)));
      });
      return seen;
    };
    const first = await statuses(21);
    const share = (status: number) => first.filter((s) => s === status).length / first.length;
    expect(share(500)).toBeGreaterThan(0.12);
    expect(share(500)).toBeLessThan(0.28);
    expect(share(429)).toBeGreaterThan(0.04);
    expect(share(429)).toBeLessThan(0.16);
    expect(share(200)).toBeCloseTo(1 - share(500) - share(429), 5);
    const sortedCounts = (list: number[]) => [200, 429, 500].map((s) => list.filter((x) => x === s).length);
    expect(sortedCounts(await statuses(21))).toEqual(sortedCounts(first));
  });
});
