import type { Served } from '@room-restyler/test-kit';
import { validateResponse } from '@room-restyler/test-kit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRoom } from './images/sample-room.js';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call, pollUntilEnded, requestIdOf } from './test-support/api-client.js';
import { photoServer } from './test-support/image-server.js';

let photos: Served;

beforeAll(async () => {
  photos = await photoServer({
    '/room.png': { body: await sampleRoom({ width: 640, height: 480, furnished: true, format: 'png' }), type: 'image/png' },
    '/page.html': { body: '<html>hi</html>', type: 'text/html' },
    '/broken.jpg': { body: Buffer.from('definitely not a jpeg'), type: 'image/jpeg' },
  });
});
afterAll(() => photos.close());

// Compile the contract schemas up front, so the first poll of a job is not delayed by it.
beforeAll(() => {
  validateResponse({ method: 'GET', path: '/api/v1/prediction/x', status: 200, body: { status: 'starting' } });
});

async function withSimulator(options: Parameters<typeof startSimulator>[0], run: (call: Call, sim: RunningSimulator) => Promise<void>) {
  // The photo server is on loopback, which a simulator on loopback (the default) fetches.
  const sim = await startSimulator({ latencyMs: { min: 5, max: 15 }, seed: 3, ...options });
  try {
    await run(apiClient(sim.url), sim);
  } finally {
    await sim.close();
  }
}

const credits = async (call: Call) => ((await call('GET', '/api/v1/me')).body as { credits_remaining: number }).credits_remaining;

describe('a generation job', () => {
  it('goes starting → processing → succeeded, with output images served by the simulator', async () => {
    // 1.5 s to completion: the first 20% is the queue (`starting`), long enough for the first poll to see it.
    await withSimulator({ latencyMs: { min: 1500, max: 1500 } }, async (call) => {
      const ack = await call('POST', '/api/v1/restyle', {
        json: { image_url: `${photos.url}/room.png`, style: 'industrial', room_type: 'living_room' },
      });
      const id = requestIdOf(ack);
      const { prediction, seen } = await pollUntilEnded(call, id);
      expect(ack.body).toEqual({
        success: true,
        request_id: id,
        message: `Generation started. Poll /api/v1/prediction/${id} for results.`,
      });
      expect(seen).toEqual(['starting', 'processing', 'succeeded']);
      expect(prediction).toEqual({
        status: 'succeeded',
        output: [expect.stringMatching(/\/outputs\/[\w-]{24}\/0\.jpg$/)],
        completed_at: expect.any(String),
      });
      const image = await fetch(prediction.output![0]!);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      // A listing page fetches the image to draw its "Virtually staged" label into the download.
      expect(image.headers.get('access-control-allow-origin')).toBe('*');
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
      expect(await credits(call)).toBe(99);
    });
  });

  it('stages with enhance and charges one credit per output image', async () => {
    await withSimulator({ outputsPerJob: 3 }, async (call, sim) => {
      const id = requestIdOf(
        await call('POST', '/api/v1/enhance', {
          json: { image_url: `${photos.url}/room.png`, mode: 'staging', style: 'bohemian', room_type: 'bedroom' },
        }),
      );
      const { prediction } = await pollUntilEnded(call, id);
      expect(prediction.output).toHaveLength(3);
      expect(new Set(prediction.output).size).toBe(3);
      expect(await credits(call)).toBe(97);
      expect(sim.stats().credits).toEqual({ debited: 3, refunded: 0 });
    });
  });

  it.each([
    ['/missing.jpg', 'Could not fetch image_url'],
    ['/page.html', 'image_url is not an image (Content-Type text/html)'],
    ['/broken.jpg', 'image_url did not return a decodable image'],
  ])('refuses %s, a photo it cannot use, with a 400 before any credit is spent', async (path, error) => {
    await withSimulator({}, async (call, sim) => {
      const refused = await call('POST', '/api/v1/restyle', { json: { image_url: `${photos.url}${path}`, style: 'modern' } });
      expect(refused).toMatchObject({ status: 400, body: { error } });
      expect(await credits(call)).toBe(100);
      expect(sim.stats()).toMatchObject({ jobs: { accepted: 0 }, credits: { debited: 0, refunded: 0 } });
    });
  });

  it('on loopback (the default host), fetches a photo on loopback — a local proxy’s upload — without a flag', async () => {
    await withSimulator({}, async (call) => {
      const { prediction } = await pollUntilEnded(
        call,
        requestIdOf(await call('POST', '/api/v1/restyle', { json: { image_url: `${photos.url}/room.png`, style: 'modern' } })),
      );
      expect(prediction.status).toBe('succeeded');
    });
  });

  it('listening on every interface, refuses a photo on loopback, naming the address and the flag that allows it', async () => {
    await withSimulator({ host: '0.0.0.0' }, async (call) => {
      expect(await call('POST', '/api/v1/restyle', { json: { image_url: `${photos.url}/room.png`, style: 'modern' } })).toMatchObject({
        status: 400,
        body: { error: `image_url ${photos.url} is a private address; start the simulator with --allow-private-images to fetch it` },
      });
      expect(await credits(call)).toBe(100);
    });
  });

  it('refuses an image_url larger than the configured cap or too slow', async () => {
    await withSimulator({ imageFetch: { maxBytes: 1000, timeoutMs: 200 } }, async (call) => {
      expect(await call('POST', '/api/v1/restyle', { json: { image_url: `${photos.url}/room.png`, style: 'modern' } })).toMatchObject({
        status: 400,
        body: { error: 'image_url is larger than 1000 bytes' },
      });
      expect(await call('POST', '/api/v1/restyle', { json: { image_url: `${photos.url}/slow`, style: 'modern' } })).toMatchObject({
        status: 400,
        body: { error: 'Could not fetch image_url' },
      });
    });
  });

  it('records the Idempotency-Key of each accepted job, and does not dedupe on it', async () => {
    await withSimulator({}, async (call, sim) => {
      const json = { image_url: `${photos.url}/room.png`, style: 'japandi' };
      const longest = 'k'.repeat(255);
      const first = requestIdOf(await call('POST', '/api/v1/restyle', { json, headers: { 'idempotency-key': 'action-1' } }));
      const second = requestIdOf(await call('POST', '/api/v1/restyle', { json, headers: { 'idempotency-key': 'action-1' } }));
      const third = requestIdOf(await call('POST', '/api/v1/restyle', { json }));
      const fourth = requestIdOf(await call('POST', '/api/v1/restyle', { json, headers: { 'idempotency-key': longest } }));
      expect(new Set([first, second, third, fourth]).size).toBe(4);
      expect(sim.stats().acceptedJobs.map((j) => [j.requestId, j.idempotencyKey, j.acknowledged])).toEqual([
        [first, 'action-1', true],
        [second, 'action-1', true],
        [third, null, true],
        [fourth, longest, true],
      ]);
    });
  });

  it('refuses an Idempotency-Key outside the kit’s bounds (1 to 255) with the kit’s rules, before any credit is spent', async () => {
    await withSimulator({ kitRules: true }, async (call, sim) => {
      const json = { image_url: `${photos.url}/room.png`, style: 'japandi' };
      for (const key of ['k'.repeat(256), ''])
        expect(await call('POST', '/api/v1/restyle', { json, headers: { 'idempotency-key': key } })).toMatchObject({
          status: 400,
          body: { error: 'Idempotency-Key must be 1 to 255 characters' },
        });
      expect(await credits(call)).toBe(100);
      expect(sim.stats().jobs.accepted).toBe(0);
    });
  });
});

describe('credits over time', () => {
  it('resets the balance on the first of the next UTC month, with timestamps from the injected clock', async () => {
    const clock = { now: new Date('2026-03-31T23:59:00Z') };
    await withSimulator({ now: () => clock.now, accounts: [{ apiKey: 'sim_test_key', credits: 2 }] }, async (call) => {
      const json = { image_url: `${photos.url}/room.png`, style: 'coastal' };
      const id = requestIdOf(await call('POST', '/api/v1/restyle', { json }));
      requestIdOf(await call('POST', '/api/v1/restyle', { json }));
      expect(await call('POST', '/api/v1/restyle', { json })).toMatchObject({ status: 402, body: { credits_remaining: 0 } });
      await pollUntilEnded(call, id);
      const { body } = await call('GET', '/api/v1/predictions?limit=1');
      expect(body).toMatchObject({ predictions: [{ prediction_id: expect.any(String), created_at: '2026-03-31T23:59:00.000Z' }] });
      clock.now = new Date('2026-04-01T00:00:00Z');
      expect(await credits(call)).toBe(2);
      expect((await call('POST', '/api/v1/restyle', { json })).status).toBe(200);
    });
  });
});
