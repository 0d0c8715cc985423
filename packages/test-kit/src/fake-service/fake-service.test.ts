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
    expect(done).toMatchObject({ status: 'succeeded', output: [`${base}/outputs/job_1/1.png`] });
    expect((await fetch(done.output[0])).headers.get('content-type')).toBe('image/png');
    expect(service.count('/api/v1/restyle', 'POST')).toBe(2);
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
