import { ManualClock } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { createRoomClient } from './client.js';
import { InsufficientCreditsError } from './errors.js';
import type { components } from './generated/room-api.js';
import {
  GENERATION_OPERATIONS,
  type GenerationOperation,
  generationOperations,
  isGenerationOperation,
  type OperationBody,
  operationCredits,
} from './operations.js';
import type { FetchLike } from './transport.js';

const PHOTO = 'https://example.com/room.jpg';
const MASK = 'https://example.com/mask.png';

/** A body of each operation, as the spec types it (an operation added to the spec stops this file compiling until it has one). */
const BODIES: { [O in GenerationOperation]: OperationBody<O> } = {
  enhance: { image_url: PHOTO, mode: 'staging', style: 'modern', room_type: 'living_room' },
  restyle: { image_url: PHOTO, style: 'scandinavian' },
  emptyRoom: { image_url: PHOTO },
  lighting: { image_url: PHOTO },
  windowView: { image_url: PHOTO, view_type: 'ocean' },
  clearSky: { image_url: 'https://example.com/house-exterior.jpg' },
  upscale: { image_url: PHOTO },
  sketchToImage: { image_url: 'https://example.com/sketch.jpg', style: 'modern', room_type: 'living_room' },
  freestyle: { prompt: 'A bright living room with a green sofa' },
  modify: { image_url: PHOTO, mask_url: MASK, prompt: 'A leather armchair' },
  edit: { image_url: PHOTO, prompt: 'Change the sofa to blue' },
  inpaint: { image_url: PHOTO, mask_url: MASK, prompt: 'A reading lamp' },
  removeObjects: { image_url: PHOTO, objects: 'the red car in the driveway' },
  blurObjects: { image_url: PHOTO, objects: ['faces', 'license plates'] },
  stage: { image_url: PHOTO, style: 'coastal', room_type: 'home-office' },
  sketch: { image_url: 'https://example.com/sketch.jpg' },
  generateFromText: { prompt: 'A kitchen with an island', room_type: 'kitchen' },
};

type Shape = 'generation' | 'job';
/** The two acknowledgements the docs show: the *Image Generation* pages' and the other sections'. */
const ACKS: Record<Shape, (id: string) => components['schemas']['AnyGenerationAck']> = {
  generation: (id) => ({ success: true, request_id: id, message: `Generation started. Poll /api/v1/prediction/${id} for results.` }),
  job: (id) => ({ requestId: id, status: 'starting', remainingGenerations: 149 }),
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

/** A service that acknowledges every start in `shape` and finishes each job on its second read. */
function fakeService(shape: Shape) {
  const sent: Sent[] = [];
  const reads = new Map<string, number>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch: FetchLike = async (url, init) => {
    const { pathname } = new URL(url);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    sent.push({
      method,
      path: pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      idempotencyKey: headers.get('idempotency-key'),
    });
    const prediction = /^\/api\/v1\/prediction\/(.+)$/.exec(pathname)?.[1];
    if (method === 'GET' && prediction) {
      const read = (reads.get(prediction) ?? 0) + 1;
      reads.set(prediction, read);
      return json(
        200,
        read < 2
          ? { status: 'processing' }
          : { status: 'succeeded', output: [`https://cdn.example/${prediction}.jpg`], completed_at: '2025-01-15T12:00:20Z' },
      );
    }
    const operation = Object.entries(generationOperations).find(([, { path }]) => path === pathname)?.[0];
    if (method === 'POST' && operation) return json(200, ACKS[shape](`${operation}_${shape}`));
    return json(404, { error: 'Not found' });
  };
  const client = createRoomClient({ baseUrl: 'https://api.example', apiKey: 'k', fetch, clock: new ManualClock({ start: 0, auto: true }) });
  return { client, sent };
}

describe('every generation operation of the spec', () => {
  it('has a path, a docs page, and its cost in credits (1 per image: no page says otherwise)', () => {
    expect(GENERATION_OPERATIONS).toHaveLength(17);
    for (const operation of GENERATION_OPERATIONS) {
      expect(generationOperations[operation].path).toMatch(/^\/api\/v1\/[a-z-]+$/);
      expect(generationOperations[operation].docs).toMatch(/^https:\/\/docs\.bright-shot\.com\/api/);
      expect(operationCredits[operation]).toBe(1);
    }
    expect(isGenerationOperation('clearSky')).toBe(true);
    expect(isGenerationOperation('getPrediction')).toBe(false);
    expect(isGenerationOperation('toString')).toBe(false);
  });

  it('knows which acknowledgement each page shows, and both where a path is documented twice', () => {
    expect(generationOperations.enhance.acks).toEqual(['generation']);
    expect(generationOperations.blurObjects.acks).toEqual(['job']);
    expect(generationOperations.emptyRoom.acks).toEqual(['generation', 'job']);
    expect(generationOperations.windowView.acks).toEqual(['generation', 'job']);
    expect([generationOperations.lighting.docsSilent, generationOperations.upscale.docsSilent]).toEqual([true, true]);
  });

  for (const shape of ['generation', 'job'] as const) {
    it(`starts each one and follows it to its images when the service acknowledges with the ${shape} shape`, async () => {
      const { client, sent } = fakeService(shape);
      for (const operation of GENERATION_OPERATIONS) {
        const result = await client.generate({ operation, ...BODIES[operation] } as Parameters<typeof client.generate>[0]);
        const id = `${operation}_${shape}`;
        expect(result.requestId).toBe(id);
        expect(result.output).toEqual([`https://cdn.example/${id}.jpg`]);
        const start = sent.find((request) => request.method === 'POST' && request.path === generationOperations[operation].path);
        expect(start?.body).toEqual(BODIES[operation]);
        expect(start?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      }
      // One start per operation, never resent, and every job read until it succeeded.
      expect(sent.filter((request) => request.method === 'POST')).toHaveLength(GENERATION_OPERATIONS.length);
      expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2 * GENERATION_OPERATIONS.length);
    });
  }

  it('start(operation, body) is the one typed start: the message of a generation acknowledgement, none from a job one', async () => {
    const generation = fakeService('generation');
    expect(await generation.client.start('clearSky', BODIES.clearSky, { idempotencyKey: 'action-1' })).toEqual({
      requestId: 'clearSky_generation',
      message: 'Generation started. Poll /api/v1/prediction/clearSky_generation for results.',
    });
    expect(generation.sent[0]).toMatchObject({ path: '/api/v1/clear-sky', idempotencyKey: 'action-1' });
    const job = fakeService('job');
    expect(await job.client.start('blurObjects', BODIES.blurObjects)).toEqual({ requestId: 'blurObjects_job', message: '' });
    expect(job.sent[0]).toMatchObject({ path: '/api/v1/blur', body: BODIES.blurObjects });
  });
});

describe('out of credits, in either documented body', () => {
  const refusing = (body: unknown) =>
    createRoomClient({
      baseUrl: 'https://api.example',
      apiKey: 'k',
      retry: false,
      fetch: async () => new Response(JSON.stringify(body), { status: 402, headers: { 'content-type': 'application/json' } }),
    });

  it('"Insufficient credits" with credits_remaining (the Image Generation pages)', async () => {
    const error = await refusing({ error: 'Insufficient credits', credits_remaining: 0 })
      .start('clearSky', BODIES.clearSky)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, creditsRemaining: 0 });
    expect((error as Error).message).toMatch(/Out of credits \(0 credits remaining\)/);
  });

  it('"Not enough generations", which gives no count (the Object Manipulation pages)', async () => {
    const error = await refusing({ error: 'Not enough generations' })
      .start('blurObjects', BODIES.blurObjects)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, creditsRemaining: undefined });
    expect((error as Error).message).toBe('Out of credits. Each image costs 1 credit; credits reset monthly.');
  });
});
