import { getEventListeners } from 'node:events';
import { type FakeService, ManualClock, startFakeService } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoomClient } from './client.js';
import { DurationHistory, learnedPollSchedule } from './duration-history.js';
import { AbortError, GenerationFailedError, NotFoundError, RateLimitedError, ServerError, TimeoutError } from './errors.js';
import { fixedPollSchedule } from './poll-schedule.js';
import { generationFailed } from './prediction.js';
import type { Prediction } from './types.js';
import { type PredictionUpdate, type ReadPrediction, waitForPrediction } from './wait.js';

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await service.close();
});

const PATH = 'GET /api/v1/prediction/p1';
const running = (status = 'processing') => ({ status: 200, body: { status } });
const done = {
  status: 200,
  body: { status: 'succeeded', output: ['https://cdn.example/p1/0.jpg'], completed_at: '2026-11-21T10:00:00Z' },
};

function rooms(clock = new ManualClock({ start: 0, auto: true })) {
  return { clock, client: createRoomClient({ baseUrl: service.url, apiKey: 'k', clock, retry: { random: () => 0 } }) };
}

describe('waitForPrediction', () => {
  it('polls until succeeded and reports each update', async () => {
    service.on(PATH, running('starting'), running(), running(), done);
    const { client } = rooms();
    const updates: PredictionUpdate[] = [];
    const prediction = await client.waitForPrediction('p1', { onUpdate: (u) => updates.push(u) });
    expect(prediction.output).toEqual(['https://cdn.example/p1/0.jpg']);
    expect(updates.map((u) => u.status)).toEqual(['starting', 'processing', 'processing', 'succeeded']);
    expect(updates.map((u) => u.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('follows the schedule: few calls early, no 500 ms hammering', async () => {
    service.on(PATH, running());
    const { client, clock } = rooms();
    await client.waitForPrediction('p1', { timeoutMs: 20_000 }).catch(() => undefined);
    // Polls at 0, 3 s, 6.5 s, 9 s, then every 1.8 s up to the 20 s deadline.
    expect(clock.sleeps.slice(0, 4)).toEqual([3_000, 3_500, 2_500, 1_800]);
    expect(service.requests.length).toBeLessThanOrEqual(12);
  });

  it('tolerates unknown statuses and missing fields as still running', async () => {
    service.on(
      PATH,
      { status: 200, body: { status: 'queued_for_gpu' } },
      { status: 200, body: {}, offContract: true },
      { status: 200, body: { status: 'warming', output: null }, offContract: true },
      done,
    );
    expect((await rooms().client.waitForPrediction('p1')).status).toBe('succeeded');
    expect(service.requests).toHaveLength(4);
  });

  it('turns a failed prediction into GenerationFailedError with the service error', async () => {
    service.on(PATH, running(), { status: 200, body: { status: 'failed', error: 'Could not fetch image_url' } });
    const error = (await rooms()
      .client.waitForPrediction('p1')
      .catch((e: unknown) => e)) as GenerationFailedError;
    expect(error).toBeInstanceOf(GenerationFailedError);
    expect(error.predictionStatus).toBe('failed');
    expect(error.serviceError).toBe('Could not fetch image_url');
    expect(error.message).toBe('The generation failed: Could not fetch image_url');
  });

  it('treats canceled as failure too', async () => {
    service.on(PATH, { status: 200, body: { status: 'canceled' } });
    await expect(rooms().client.waitForPrediction('p1')).rejects.toMatchObject({ code: 'generation_failed', predictionStatus: 'canceled' });
  });

  it('rides out transient poll failures', async () => {
    service.on(
      PATH,
      running(),
      { status: 500, body: { error: 'x' } },
      { status: 500, body: { error: 'x' } },
      { status: 500, body: { error: 'x' } },
      { status: 500, body: { error: 'x' } },
      { reset: true },
      done,
    );
    expect((await rooms().client.waitForPrediction('p1')).status).toBe('succeeded');
  });

  it('stops on 404: an unknown prediction will not appear by waiting', async () => {
    service.on(PATH, { status: 404, body: { error: 'Prediction not found' } });
    await expect(rooms().client.waitForPrediction('p1')).rejects.toBeInstanceOf(NotFoundError);
    expect(service.requests).toHaveLength(1);
  });

  it('times out with TimeoutError after one last poll at the deadline, saying the job may still finish', async () => {
    service.on(PATH, running());
    const { client, clock } = rooms();
    const polledAt: number[] = [];
    const error = (await client
      .waitForPrediction('p1', { timeoutMs: 10_000, onUpdate: (u) => polledAt.push(u.elapsedMs) })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(10_000);
    expect(error.requestId).toBe('p1');
    expect(polledAt).toEqual([0, 3_000, 6_500, 9_000, 10_000]);
    expect(error.message).toBe('Stopped waiting for prediction p1 after 10000 ms; the job may still finish: read it later');
    expect(clock.now()).toBe(10_000);
  });

  it('times out on the real clock too', async () => {
    service.on(PATH, running());
    const client = createRoomClient({ baseUrl: service.url });
    await expect(client.waitForPrediction('p1', { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('has a wall-clock deadline with an injected clock that never moves', async () => {
    service.on(PATH, running());
    const client = createRoomClient({ baseUrl: service.url, clock: new ManualClock({ start: 0 }) });
    const error = await client.waitForPrediction('p1', { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 200, requestId: 'p1' });
    expect((error as TimeoutError).message).toBe('Stopped waiting for prediction p1 after 200 ms; the job may still finish: read it later');
    expect(service.requests).toHaveLength(1);
  });

  it('ends at its own deadline while a poll hangs, not at the poll’s 30 s call timeout', async () => {
    service.on(PATH, { hang: true });
    const client = createRoomClient({ baseUrl: service.url });
    const error = await client.waitForPrediction('p1', { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 200, requestId: 'p1' });
  });

  it('stops at once on abort, with no further request', async () => {
    service.on(PATH, running());
    const client = createRoomClient({ baseUrl: service.url });
    const controller = new AbortController();
    const pending = client.waitForPrediction('p1', { signal: controller.signal });
    while (service.requests.length < 1) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    const seen = service.requests.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(service.requests.length).toBe(seen);
  });
});

describe('the polling loop on its own', () => {
  /** A read that gives each answer in turn (an Error is thrown), the last one again and again, and records what it was told. */
  function scripted(...answers: Array<Prediction | Error>) {
    const told: Array<{ at: number; timeLeftMs: number }> = [];
    const clock = new ManualClock({ start: 50_000, auto: true });
    const read: ReadPrediction = async (_id, { timeLeftMs }) => {
      const answer = answers[Math.min(told.length, answers.length - 1)]!;
      told.push({ at: clock.now(), timeLeftMs });
      if (answer instanceof Error) throw answer;
      return answer;
    };
    return { read, told, clock };
  }
  const succeeded: Prediction = { status: 'succeeded', output: ['https://cdn.example/0.jpg'] };

  it('tells each read how much of the wait is left, and counts elapsed time from the job’s start', async () => {
    const { read, told, clock } = scripted({ status: 'processing' }, succeeded);
    const updates: PredictionUpdate[] = [];
    await waitForPrediction(read, 'p1', {
      clock,
      timeoutMs: 10_000,
      startedAt: 49_000,
      schedule: fixedPollSchedule(1_000),
      onUpdate: (u) => updates.push(u),
    });
    expect(told).toEqual([
      { at: 50_000, timeLeftMs: 10_000 },
      { at: 51_000, timeLeftMs: 9_000 },
    ]);
    expect(updates.map((u) => u.elapsedMs)).toEqual([1_000, 2_000]);
  });

  it('waits for the schedule’s next check first, counted from the job’s start, when told not to poll at once', async () => {
    const { read, told, clock } = scripted(succeeded);
    await waitForPrediction(read, 'p1', { clock, startedAt: 48_000, pollImmediately: false });
    // The schedule's first check is 3 s after the start; the job started 2 s ago.
    expect(clock.sleeps).toEqual([1_000]);
    expect(told).toHaveLength(1);
  });

  it('gives up after 5 failed polls in a row by default, with the last failure', async () => {
    const { read, told, clock } = scripted(new ServerError('down', { status: 500 }));
    await expect(waitForPrediction(read, 'p1', { clock })).rejects.toBeInstanceOf(ServerError);
    expect(told).toHaveLength(5);
  });

  it('counts a 429 that says no time to wait as a failed poll', async () => {
    const { read, told, clock } = scripted(new RateLimitedError('slow down', { status: 429 }));
    await expect(waitForPrediction(read, 'p1', { clock })).rejects.toBeInstanceOf(RateLimitedError);
    expect(told).toHaveLength(5);
  });

  it('honours a Retry-After that ends just at the deadline, and polls then', async () => {
    const { read, told, clock } = scripted(new RateLimitedError('slow down', { status: 429, retryAfterMs: 10_000 }), succeeded);
    expect(await waitForPrediction(read, 'p1', { clock, timeoutMs: 10_000 })).toEqual(succeeded);
    expect(told.map((t) => t.at)).toEqual([50_000, 60_000]);
  });

  it('counts polls of an unknown status only once the usual window is over', async () => {
    const { read, told, clock } = scripted({ status: 'queued' });
    const schedule = { ...fixedPollSchedule(1_000), windowEndMs: 2_000 };
    await expect(waitForPrediction(read, 'p1', { clock, schedule })).rejects.toBeInstanceOf(TimeoutError);
    // Polls at 0, 1, 2 s (within the window), then 3, 4, 5 s past it.
    expect(told.map((t) => t.at - 50_000)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000]);
  });

  it('lets go of the caller’s signal when it ends (no listener piles up on a signal shared by many waits)', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 12; i++) {
      const { read, clock } = scripted(succeeded);
      await waitForPrediction(read, 'p1', { clock, signal: controller.signal });
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('generationFailed', () => {
  it.each<[Prediction, string]>([
    [{ status: 'failed', error: 'Could not fetch image_url' }, 'The generation failed: Could not fetch image_url'],
    [{ status: 'canceled' }, 'The generation was canceled'],
    [{ status: 'cancelled' }, 'The generation was canceled'],
    [{ status: 'errored' }, 'The generation failed'],
    [{ status: 'gpu_lost', error: 'out of memory' }, "The generation ended as 'gpu_lost': out of memory"],
  ])('%j reads "%s"', (prediction, message) => {
    const error = generationFailed(prediction);
    expect(error.message).toBe(message);
    expect(error).toMatchObject({ predictionStatus: prediction.status, serviceError: prediction.error, body: prediction });
  });
});

describe('Retry-After while waiting', () => {
  const limited = (seconds: number) => ({ status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': String(seconds) } });

  it('waits as long as the service asks, within the deadline, and then finishes the job', async () => {
    service.on(PATH, limited(120), done);
    const { client, clock } = rooms();
    expect((await client.waitForPrediction('p1')).status).toBe('succeeded');
    expect(service.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([120_000]);
  });

  it('does not count rate-limited polls as failures: the service said when to come back', async () => {
    service.on(PATH, limited(5), limited(5), limited(5), limited(5), limited(5), limited(5), done);
    const clock = new ManualClock({ start: 0, auto: true });
    const client = createRoomClient({ baseUrl: service.url, clock, retry: false });
    expect((await client.waitForPrediction('p1', { maxConsecutiveFailures: 5 })).status).toBe('succeeded');
    expect(service.requests).toHaveLength(7);
    // The schedule's 3 s first check is longer than nothing: each wait is the longer of the two.
    expect(clock.sleeps).toEqual([5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
  });

  it('does not let a read wait out a Retry-After longer than what is left of the wait', async () => {
    // 30 s is within the client's own 60 s cap for retrying, but the wait has 20 s left.
    service.on(PATH, limited(30), done);
    const { client, clock } = rooms();
    const error = await client.waitForPrediction('p1', { timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', retryAfterMs: 30_000, requestId: 'p1' });
    expect(service.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('stops at once when the service asks for longer than the wait has left, and reports it', async () => {
    service.on(PATH, limited(120));
    const { client, clock } = rooms();
    const error = (await client.waitForPrediction('p1', { timeoutMs: 60_000 }).catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, requestId: 'p1', timeoutMs: 60_000 });
    expect(error.message).toBe(
      'Stopped waiting for prediction p1: the service asked to wait 2 min, past the deadline; the job may still finish: read it later',
    );
    expect(service.requests).toHaveLength(1);
    expect(clock.now()).toBe(0);
  });
});

describe('statuses this client does not know', () => {
  it('ends at once on one that carries a completion time', async () => {
    service.on(PATH, { status: 200, body: { status: 'done', completed_at: '2026-11-21T10:00:00Z' }, offContract: true });
    const error = (await rooms()
      .client.waitForPrediction('p1')
      .catch((e: unknown) => e)) as GenerationFailedError;
    expect(error).toBeInstanceOf(GenerationFailedError);
    expect(error.message).toBe("The generation ended as 'done'");
    expect(service.requests).toHaveLength(1);
  });

  it('stops after the same one three times past the usual window, not at the 180 s deadline', async () => {
    service.on(PATH, { status: 200, body: { status: 'queued_for_gpu' } });
    const { client, clock } = rooms();
    const error = (await client.waitForPrediction('p1').catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.requestId).toBe('p1');
    expect(error.message).toBe(
      "Stopped waiting for prediction p1: its status 'queued_for_gpu' is unknown, 3 polls past the usual window; the job may still finish: read it later",
    );
    // 16 polls up to 31 s (0, 3, 6.5, 9, then every 1.8 s), then 3 past it.
    expect(service.requests).toHaveLength(19);
    expect(clock.now()).toBeLessThan(40_000);
  });

  it('starts counting again when the status changes', async () => {
    // 8 polls past the window, none the same as the one before.
    service.on(PATH, ...Array.from({ length: 24 }, (_, i) => running(i % 2 ? 'warming' : 'queued')), done);
    expect((await rooms().client.waitForPrediction('p1')).status).toBe('succeeded');
    expect(service.requests).toHaveLength(25);
  });
});

describe('generate', () => {
  it('starts, waits and reports phases with elapsed and estimated time', async () => {
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'p1', message: 'started' } });
    service.on(PATH, running(), done);
    const { client } = rooms();
    const phases: Array<{ phase: string; elapsedMs: number; estimatedRemainingMs?: number | undefined }> = [];
    const result = await client.generate(
      { operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' },
      { onProgress: (p) => phases.push(p) },
    );
    expect(result.output).toEqual(['https://cdn.example/p1/0.jpg']);
    expect(phases.map((p) => p.phase)).toEqual(['starting', 'generating', 'generating', 'generating', 'succeeded']);
    // The first poll waits for the schedule's first check instead of polling a job that just started.
    expect(phases[2]!.elapsedMs).toBe(3_000);
    expect(phases[2]!.estimatedRemainingMs).toBe(17_000);
    // A key is always sent, so a retried start is charged once.
    expect(service.requests[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with a duration history, teaches it how long the operation took and polls the next job on what it learned', async () => {
    const durations = new DurationHistory();
    for (let i = 0; i < 20; i++) durations.record('restyle', 2_000);
    const clock = new ManualClock({ start: 0, auto: true });
    const client = createRoomClient({ baseUrl: service.url, apiKey: 'k', clock, durations });
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'p1', message: 'started' } });
    service.on(PATH, running(), done);
    await client.generate({ operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' });
    // Its jobs take 2 s: the first poll comes as the learned window opens, not at the default's 3 s, and the next soon after.
    const learned = learnedPollSchedule(Array(20).fill(2_000));
    expect(clock.sleeps.slice(0, 2)).toEqual([learned.windowStartMs, learned.windowIntervalMs]);
    expect(learned.windowStartMs).toBeLessThan(2_000);
    expect(durations.durations('restyle')).toHaveLength(21);
    expect(durations.durations('enhance')).toEqual([]);
  });

  it('makes its idempotency key on a plain-http page too, where crypto.randomUUID is missing', async () => {
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => crypto.getRandomValues(bytes) });
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'p1', message: 'started' } });
    service.on(PATH, done);
    await rooms().client.generate({ operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' });
    expect(service.requests[0]!.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('counts elapsed time from its own start, whatever the clock reads', async () => {
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'p1', message: 'started' } });
    service.on(PATH, running(), done);
    const { client } = rooms(new ManualClock({ start: 1_000_000, auto: true }));
    const phases: Array<{ phase: string; elapsedMs: number }> = [];
    const result = await client.generate(
      { operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' },
      { onProgress: (p) => phases.push(p), schedule: fixedPollSchedule(1_000) },
    );
    expect(phases.map((p) => [p.phase, p.elapsedMs])).toEqual([
      ['starting', 0],
      ['generating', 0],
      ['generating', 1_000],
      ['generating', 2_000],
      ['succeeded', 2_000],
    ]);
    expect(result.elapsedMs).toBe(2_000);
  });

  it('fails with the typed error when nobody listens to its progress', async () => {
    service.on('POST /api/v1/restyle', { status: 200, body: { success: true, request_id: 'p1', message: 'started' } });
    service.on(PATH, { status: 200, body: { status: 'failed', error: 'Could not fetch image_url' } });
    await expect(
      rooms().client.generate({ operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' }),
    ).rejects.toBeInstanceOf(GenerationFailedError);
  });

  it('reports the failed phase and rethrows the typed error', async () => {
    service.on('POST /api/v1/enhance', { status: 402, body: { error: 'Insufficient credits', credits_remaining: 0 } });
    const phases: string[] = [];
    await expect(
      rooms().client.generate(
        { operation: 'enhance', image_url: 'https://example.com/r.jpg', mode: 'staging' },
        { onProgress: (p) => phases.push(p.phase) },
      ),
    ).rejects.toMatchObject({ code: 'insufficient_credits', creditsRemaining: 0 });
    expect(phases).toEqual(['starting', 'failed']);
  });
});
