import { afterEach, describe, expect, it } from 'vitest';
import { TEST_API_KEY } from '../key-guard.js';
import { type FakeService, NetworkReset, startFakeService } from './fake-service.js';

const auth = { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' };
let service: FakeService | undefined;
afterEach(async () => {
  await service?.close().catch(() => undefined);
  service = undefined;
});

describe('the fake service', () => {
  it('behaves like the service over HTTP: auth, credits, idempotency, jobs that finish', async () => {
    service = await startFakeService({ credits: 1, readsToComplete: 2 });
    const base = service.url;
    expect((await fetch(`${base}/api/v1/me`)).status).toBe(401);
    const start = () =>
      fetch(`${base}/api/v1/restyle`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': 'k1' },
        body: JSON.stringify({ image_url: 'https://example.com/a.jpg', style: 'japandi' }),
      });
    const ack = await (await start()).json();
    expect(ack).toMatchObject({ success: true, request_id: 'job_1' });
    expect(await (await start()).json()).toEqual(ack);
    expect(service.credits()).toBe(0);
    const read = async () => (await fetch(`${base}/api/v1/prediction/job_1`, { headers: auth })).json();
    expect(await read()).toMatchObject({ status: 'processing' });
    const done = await read();
    expect(done).toEqual({ status: 'succeeded', output: [`${base}/outputs/job_1/1.png`], completed_at: expect.any(String) });
    expect((await fetch(done.output[0])).headers.get('content-type')).toBe('image/png');
    expect(service.count('/api/v1/restyle', 'POST')).toBe(2);
    await service.close();
  });

  it('starts every generation operation of the spec, acknowledged in the shape its docs pages show', async () => {
    service = await startFakeService({ credits: 2 });
    const post = (path: string, body: object) =>
      service!.fetch(`${service!.url}/api/v1/${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    const photo = { image_url: 'https://example.com/a.jpg' };
    expect(await (await post('clear-sky', photo)).json()).toMatchObject({ success: true, request_id: 'job_1' });
    expect(await (await post('blur', { ...photo, objects: ['faces'] })).json()).toEqual({
      requestId: 'job_2',
      status: 'starting',
      remainingGenerations: 0,
    });
    expect(service.jobs.get('job_2')?.operation).toBe('blurObjects');
    const refused = await post('edit', photo);
    expect([refused.status, await refused.json()]).toEqual([400, { error: 'prompt is required' }]);
    const broke = await post('remove', { ...photo, objects: 'car' });
    expect([broke.status, await broke.json()]).toEqual([402, { error: 'Not enough generations' }]);
    await service.close();
  });

  it('answers a path documented in both shapes in the one it is told to', async () => {
    service = await startFakeService({ ackShape: 'job' });
    const post = (path: string) =>
      service!.fetch(`${service!.url}/api/v1/${path}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ image_url: 'https://example.com/a.jpg', style: 'japandi' }),
      });
    expect(await (await post('empty-room')).json()).toMatchObject({ requestId: 'job_1' });
    // A path documented in one section keeps its one shape.
    expect(await (await post('restyle')).json()).toMatchObject({ request_id: 'job_2' });
    await service.close();
  });

  it('lists the newest jobs first, as the service documents, and refuses a limit out of 1..100', async () => {
    service = await startFakeService({ readsToComplete: 'manual' });
    const start = () =>
      service!.fetch(`${service!.url}/api/v1/restyle`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ image_url: 'https://example.com/a.jpg', style: 'japandi' }),
      });
    for (let i = 0; i < 3; i++) await start();
    service.complete('job_1');
    service.fail('job_2', 'Could not fetch image_url');
    const list = async (query: string) => {
      const response = await service!.fetch(`${service!.url}/api/v1/predictions${query}`, { headers: auth });
      return { status: response.status, body: await response.json() };
    };
    const { body } = await list('');
    expect(body.count).toBe(3);
    expect(body.predictions.map((p: { prediction_id: string }) => p.prediction_id)).toEqual(['job_3', 'job_2', 'job_1']);
    expect(body.predictions[0]).toEqual({
      prediction_id: 'job_3',
      status: 'starting',
      output: null,
      error: null,
      created_at: expect.any(String),
      completed_at: null,
    });
    expect(body.predictions[1]).toMatchObject({ status: 'failed', output: null, error: 'Could not fetch image_url' });
    expect(body.predictions[2]).toMatchObject({ status: 'succeeded', output: [`${service.url}/outputs/job_1/1.png`], error: null });
    expect((await list('?limit=1')).body).toMatchObject({ predictions: [{ prediction_id: 'job_3' }], count: 1 });
    for (const limit of ['0', '101', '2.5', 'many'])
      expect(await list(`?limit=${limit}`)).toEqual({ status: 400, body: { error: 'limit must be an integer from 1 to 100' } });
    await service.close();
  });

  it('answers scripted replies, drops the connection on reset, and resumes its default after once()', async () => {
    service = await startFakeService();
    service.once('GET /api/v1/me', { status: 500, body: { error: 'Internal server error' } }, { reset: true });
    expect((await service.fetch(`${service.url}/api/v1/me`, { headers: auth })).status).toBe(500);
    await expect(service.fetch(`${service.url}/api/v1/me`, { headers: auth })).rejects.toBeInstanceOf(NetworkReset);
    expect((await service.fetch(`${service.url}/api/v1/me`, { headers: auth })).status).toBe(200);

    service.once('GET /api/v1/me', { reset: true });
    await expect(fetch(`${service.url}/api/v1/me`, { headers: auth })).rejects.toThrow('fetch failed');
  });

  it('can lose the answer of a start it accepted: the job exists and is charged, the caller sees a reset', async () => {
    const fake = await startFakeService({ credits: 5 });
    service = fake;
    fake.once('POST /api/v1/restyle', { reset: true, afterDefault: true });
    const start = () =>
      fetch(`${fake.url}/api/v1/restyle`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: 'https://example.com/a.jpg', style: 'modern' }),
      });
    await expect(start()).rejects.toThrow('fetch failed');
    expect([...fake.jobs.keys()]).toEqual(['job_1']);
    expect(fake.credits()).toBe(4);
    expect(fake.count('/api/v1/restyle', 'POST')).toBe(1);
    expect((await start()).status).toBe(200);
    expect(fake.jobs.size).toBe(2);
  });

  it('hangs until the caller gives up', async () => {
    service = await startFakeService();
    service.on('GET /api/v1/prediction/*', { hang: true });
    const controller = new AbortController();
    const pending = fetch(`${service.url}/api/v1/prediction/job_9`, { headers: auth, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('gave up')), 50);
    await expect(pending).rejects.toThrow('gave up');
  });

  it('fails close() when an answer broke the contract, unless the script says it is meant to', async () => {
    service = await startFakeService();
    service.once('GET /api/v1/me', { status: 200, body: { credits: 'many' } });
    await service.fetch(`${service.url}/api/v1/me`, { headers: auth });
    const seen = service.violations().length;
    expect(seen).toBeGreaterThan(0);
    service.once('GET /api/v1/me', { status: 200, body: { credits: 'many' }, offContract: true });
    await service.fetch(`${service.url}/api/v1/me`, { headers: auth });
    expect(service.violations()).toHaveLength(seen);
    await expect(service.close()).rejects.toThrow(/GET \/api\/v1\/me → 200: body must have required property 'user_id'/);
    service = undefined;
  });
});
