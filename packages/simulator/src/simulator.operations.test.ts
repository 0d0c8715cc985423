/**
 * Every generation operation of the spec through HTTP: a start in each acknowledgement shape
 * (`ackShape`: as documented, or forced to either family), a job that ends with a marked image,
 * the spec's credits debited, 402 in the shape's words, and the documented 400s for missing fields.
 */
import { GENERATION_OPERATIONS, type GenerationOperation, generationOperations, type OperationBody } from '@room-restyler/core';
import type { Served } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRoom } from './images/sample-room.js';
import type { AckShape } from './options.js';
import { type RunningSimulator, startSimulator } from './simulator.js';
import { apiClient, type Call, pollUntilEnded, requestIdOf } from './test-support/api-client.js';
import { photoServer } from './test-support/image-server.js';

let photos: Served;
const sims = new Map<AckShape, RunningSimulator>();

beforeAll(async () => {
  const mask = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: 20, height: 16, channels: 3, background: '#fff' } }, left: 20, top: 24 }])
    .png()
    .toBuffer();
  photos = await photoServer({
    '/room.png': { body: await sampleRoom({ width: 320, height: 240, furnished: true, format: 'png' }), type: 'image/png' },
    '/mask.png': { body: mask, type: 'image/png' },
    '/page.html': { body: '<html>hi</html>', type: 'text/html' },
  });
  for (const ackShape of ['documented', 'generation', 'object'] as const) {
    sims.set(
      ackShape,
      await startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 4, ackShape, accounts: [{ apiKey: 'sim_test_key', credits: 1000 }] }),
    );
  }
});
afterAll(() => Promise.all([photos.close(), ...[...sims.values()].map((sim) => sim.close())]));

/** A valid body of every operation (the compiler names an operation the spec adds). */
const bodies = (origin = photos.url): { [O in GenerationOperation]: OperationBody<O> } => {
  const image_url = `${origin}/room.png`;
  const mask_url = `${origin}/mask.png`;
  return {
    enhance: { image_url, mode: 'staging', style: 'coastal', room_type: 'living_room' },
    restyle: { image_url, style: 'japandi' },
    emptyRoom: { image_url },
    lighting: { image_url, lighting: 'warm' },
    windowView: { image_url, view_type: 'ocean' },
    clearSky: { image_url },
    upscale: { image_url },
    sketchToImage: { image_url, style: 'modern', room_type: 'living_room' },
    freestyle: { prompt: 'A sunny loft with a green sofa', style: 'bohemian' },
    modify: { image_url, mask_url, prompt: 'A leather armchair' },
    edit: { image_url, prompt: 'Change the sofa to blue' },
    inpaint: { image_url, mask_url, prompt: 'A reading lamp' },
    removeObjects: { image_url, objects: 'the table' },
    blurObjects: { image_url, objects: ['faces', 'licence plates'] },
    stage: { image_url, style: 'luxury', room_type: 'home-office' },
    sketch: { image_url },
    generateFromText: { prompt: 'A quiet study with oak shelves' },
  };
};

const sim = (shape: AckShape) => sims.get(shape) as RunningSimulator;
const credits = async (call: Call) => ((await call('GET', '/api/v1/me')).body as { credits_remaining: number }).credits_remaining;
/** The shape an operation's page shows (the first, where a path is documented in two sections). */
const documentedShape = (operation: GenerationOperation) => (generationOperations[operation].acks[0] === 'job' ? 'object' : 'generation');
/** A forced shape the operation's page does not show breaks its spec on purpose: the contract check is for documented answers. */
const documents = (operation: GenerationOperation, shape: 'generation' | 'object') =>
  (generationOperations[operation].acks as readonly string[]).includes(shape === 'object' ? 'job' : 'generation');

const acknowledgement = (shape: 'generation' | 'object', id: string, remaining: number) =>
  shape === 'generation'
    ? { success: true, request_id: id, message: `Generation started. Poll /api/v1/prediction/${id} for results.` }
    : { requestId: id, status: 'starting', remainingGenerations: remaining };

describe.each(['documented', 'generation', 'object'] as const)('every operation with ackShape %s', (ackShape) => {
  it.each(GENERATION_OPERATIONS)('%s: acknowledges in the shape, debits its credits and ends with a marked image', async (operation) => {
    const call = apiClient(sim(ackShape).url);
    const shape = ackShape === 'documented' ? documentedShape(operation) : ackShape;
    const before = await credits(call);
    const { path } = generationOperations[operation];
    const ack = await call('POST', path, { json: bodies()[operation], contract: documents(operation, shape) });
    const id = requestIdOf(ack);
    const after = before - generationOperations[operation].credits;
    expect(ack.body).toEqual(acknowledgement(shape, id, after));
    expect(await credits(call)).toBe(after);
    const { prediction } = await pollUntilEnded(call, id);
    expect(prediction.status).toBe('succeeded');
    const image = await (await fetch(prediction.output?.[0] ?? '')).arrayBuffer();
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    // Upscale doubles the photo; the prompt rooms are the sample room; the rest keep the photo's size.
    const size =
      operation === 'upscale'
        ? [640, 480]
        : ['freestyle', 'generateFromText', 'sketchToImage', 'sketch'].includes(operation)
          ? [1200, 900]
          : [320, 240];
    expect([meta.width, meta.height]).toEqual(size);
  });

  it.each(GENERATION_OPERATIONS)('%s: refuses with 402 in the shape’s words, free of charge', async (operation) => {
    const running = sim(ackShape);
    const call = apiClient(running.url);
    const shape = ackShape === 'documented' ? documentedShape(operation) : ackShape;
    running.setCredits('sim_test_key', 0);
    try {
      const refusal = await call('POST', generationOperations[operation].path, {
        json: bodies()[operation],
        contract: documents(operation, shape),
      });
      expect(refusal).toMatchObject({
        status: 402,
        body: shape === 'generation' ? { error: 'Insufficient credits', credits_remaining: 0 } : { error: 'Not enough generations' },
      });
      expect(await credits(call)).toBe(0);
    } finally {
      running.setCredits('sim_test_key', 1000);
    }
  });
});

describe('the documented 400s, before any credit is spent', () => {
  const required: Array<[GenerationOperation, string]> = GENERATION_OPERATIONS.flatMap((operation) => {
    const body = bodies('https://example.com')[operation] as Record<string, unknown>;
    const fields = ['image_url', 'prompt', 'mask_url', 'view_type', 'objects', 'mode'].filter((field) => field in body);
    // Restyle needs its style too; the other styles and room types are optional.
    return [...fields, ...(operation === 'restyle' ? ['style'] : [])].map((field): [GenerationOperation, string] => [operation, field]);
  });

  it.each(required)('%s without %s', async (operation, field) => {
    const call = apiClient(sim('documented').url);
    const before = await credits(call);
    const { [field]: _, ...rest } = bodies()[operation] as Record<string, unknown>;
    expect(await call('POST', generationOperations[operation].path, { json: rest })).toMatchObject({
      status: 400,
      body: { error: `${field} is required` },
    });
    expect(await credits(call)).toBe(before);
  });

  it.each([
    ['windowView', { view_type: 'lava' }, 'view_type must be one of mountain, beach, city, forest, garden, sunset, ocean'],
    [
      'stage',
      { room_type: 'living_room' },
      'room_type must be one of living-room, bedroom, kitchen, dining-room, bathroom, home-office, studio, entryway, outdoor-patio',
    ],
    ['blurObjects', { objects: 'faces' }, 'objects must be a list of strings'],
    ['removeObjects', { objects: [1] }, 'objects must be a string or a list of strings'],
  ] as const)('%s with %j', async (operation, change, error) => {
    const call = apiClient(sim('documented').url);
    const json = { ...bodies()[operation], ...change };
    expect(await call('POST', generationOperations[operation].path, { json })).toMatchObject({ status: 400, body: { error } });
  });

  it('a mask that is no image, named as mask_url', async () => {
    const call = apiClient(sim('documented').url);
    const before = await credits(call);
    const json = { ...bodies().inpaint, mask_url: `${photos.url}/page.html` };
    expect(await call('POST', '/api/v1/inpaint', { json })).toMatchObject({
      status: 400,
      body: { error: 'mask_url is not an image (Content-Type text/html)' },
    });
    expect(await credits(call)).toBe(before);
  });
});

describe('bodies the docs leave open', () => {
  it('keeps lighting’s undocumented option; the kit’s rules refuse it, as the kit sends the photo only', async () => {
    const json = { image_url: `${photos.url}/room.png`, lighting: 'evening' };
    const call = apiClient(sim('documented').url);
    expect((await pollUntilEnded(call, requestIdOf(await call('POST', '/api/v1/lighting', { json })))).prediction.status).toBe('succeeded');
    const strict = await startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 4, kitRules: true });
    try {
      expect(await apiClient(strict.url)('POST', '/api/v1/lighting', { json })).toMatchObject({
        status: 400,
        body: { error: 'unknown field lighting' },
      });
    } finally {
      await strict.close();
    }
  });
});

describe('the kit’s rules on the new fields (kitRules)', () => {
  let strict: RunningSimulator;
  beforeAll(async () => {
    strict = await startSimulator({ latencyMs: { min: 5, max: 10 }, seed: 4, kitRules: true });
  });
  afterAll(() => strict.close());

  it.each([
    ['freestyle', { prompt: 'x'.repeat(1001) }, 'prompt must be 1 to 1000 characters'],
    ['blurObjects', { objects: [] }, 'objects must name 1 to 10 things'],
    ['blurObjects', { objects: Array.from({ length: 11 }, (_, i) => `thing ${i}`) }, 'objects must name 1 to 10 things'],
    ['removeObjects', { objects: 'x'.repeat(65) }, 'objects must be 1 to 64 characters'],
    ['modify', { mask_url: 'ftp://example.com/mask.png' }, 'mask_url must be an absolute http or https URL'],
  ] as const)('%s with %j', async (operation, change, error) => {
    const json = { ...bodies()[operation], ...change };
    expect(await apiClient(strict.url)('POST', generationOperations[operation].path, { json })).toMatchObject({
      status: 400,
      body: { error },
    });
  });
});
