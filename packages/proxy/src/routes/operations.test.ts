/**
 * The operations a site offers: every operation of the service started once through the proxy against the
 * simulator acknowledging in either documented shape (the browser always gets the proxy's one shape), its
 * credits counted against the limits, photo and mask as the proxy's own uploads, prompts logged by length only;
 * an operation the site does not offer is refused before anything is read, counted or sent.
 */
import {
  DurationHistory,
  GENERATION_OPERATIONS,
  type GenerationOperation,
  generationOperations,
  operationCredits,
  type ProxyOperationBody,
} from '@room-restyler/core';
import { type RunningSimulator, sampleRoom, startSimulator } from '@room-restyler/simulator';
import { TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, IMAGE_URL, startHarness, type Visitor } from '../../test/support/harness.js';
import { createRoomProxy } from '../proxy.js';

const PROMPT = 'A sunny loft with a green velvet sofa';

/** A body of every operation on the proxy's own uploads (the compiler names an operation the spec adds). */
const bodies = (image_url: string, mask_url: string): { [O in GenerationOperation]: ProxyOperationBody<O> } => ({
  enhance: { image_url, mode: 'staging', style: 'coastal', room_type: 'living_room' },
  restyle: { image_url, style: 'japandi' },
  emptyRoom: { image_url },
  lighting: { image_url },
  windowView: { image_url, view_type: 'ocean' },
  clearSky: { image_url },
  upscale: { image_url },
  sketchToImage: { image_url, style: 'modern', room_type: 'living_room' },
  freestyle: { prompt: PROMPT, style: 'bohemian' },
  modify: { image_url, mask_url, prompt: 'A leather armchair' },
  edit: { image_url, prompt: 'Change the sofa to blue' },
  inpaint: { image_url, mask_url, prompt: 'A reading lamp' },
  removeObjects: { image_url, objects: 'the table' },
  blurObjects: { image_url, objects: ['faces', 'licence plates'] },
  stage: { image_url, style: 'luxury', room_type: 'home-office' },
  sketch: { image_url },
  generateFromText: { prompt: 'A quiet study with oak shelves' },
});

/** A black PNG mask with a white box: what the widget's brush sends. */
const maskPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: 20, height: 16, channels: 3, background: '#fff' } }, left: 20, top: 24 }])
    .png()
    .toBuffer();

interface Site {
  sim: RunningSimulator;
  /** The proxy, its visitors and its log lines. */
  h: Harness;
  close(): Promise<void>;
}

/** The harness's proxy in front of a simulator acknowledging in `ackShape`, which fetches the proxy's uploads on loopback. */
async function startSite(ackShape: 'generation' | 'object', proxy: Parameters<typeof startHarness>[0] = {}): Promise<Site> {
  const sim = await startSimulator({
    latencyMs: { min: 5, max: 10 },
    ackShape,
    accounts: [{ apiKey: TEST_API_KEY, credits: 1000 }],
    imageFetch: { allowPrivate: true },
  });
  const limits = { perVisitor: 100, perIp: 100, dailyCredits: 1000 };
  const h = await startHarness({ baseUrl: sim.url, fetch: (url, init) => fetch(url, init), limits, ...proxy });
  return {
    sim,
    h,
    async close() {
      await h.close();
      await sim.close();
    },
  };
}

/** Uploads `bytes` to the proxy as `visitor` (`?kind=mask` for a mask), answering the upload's URL. */
async function upload(visitor: Visitor, bytes: Buffer, query = ''): Promise<string> {
  const answer = await visitor.request(`/api/v1/uploads${query}`, {
    method: 'POST',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/png' },
  });
  expect(answer.status).toBe(201);
  return String(answer.json.url);
}

describe.each(['generation', 'object'] as const)('every operation, the service acknowledging in the %s shape', (ackShape) => {
  let site: Site;
  let visitor: Visitor;
  let body: ReturnType<typeof bodies>;
  beforeAll(async () => {
    site = await startSite(ackShape, { operations: GENERATION_OPERATIONS });
    visitor = site.h.visitor();
    const photo = await upload(visitor, await sampleRoom({ width: 320, height: 240, furnished: true, format: 'png' }));
    body = bodies(photo, await upload(visitor, await maskPng(), '?kind=mask'));
  });
  afterAll(() => site.close());

  it.each(GENERATION_OPERATIONS)('%s starts once, acknowledged in the proxy’s shape, its credits debited', async (operation) => {
    const debited = site.sim.stats().credits.debited;
    const ack = await visitor.post(generationOperations[operation].path, body[operation], { 'idempotency-key': `start-${operation}` });
    expect(ack.status).toBe(200);
    expect(ack.json).toMatchObject({ success: true, message: expect.stringContaining(String(ack.json.request_id)) });
    expect(ack.json).not.toHaveProperty('requestId');
    // The same action sent again is the same job, not a second charge.
    const again = await visitor.post(generationOperations[operation].path, body[operation], { 'idempotency-key': `start-${operation}` });
    expect(again.json.request_id).toBe(ack.json.request_id);
    const jobs = site.sim.stats().acceptedJobs.filter((job) => job.operation === operation);
    expect(jobs).toHaveLength(1);
    expect(site.sim.stats().credits.debited - debited).toBe(operationCredits[operation]);
  });

  it('logs a prompt’s length, never its words', () => {
    const started = site.h.logs.filter((line) => line.includes('"generation started"') && line.includes('"freestyle"'));
    expect(started).toHaveLength(1);
    expect(started[0]).toContain(`"prompt_chars":${PROMPT.length}`);
    expect(site.h.logs.join('\n')).not.toContain('green velvet');
  });
});

describe('the operations a site offers', () => {
  let site: Site | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await site?.close();
    await h?.close();
    site = h = undefined;
  });

  it('refuses one it does not offer like a path it does not serve, naming those it does; nothing read, counted or sent', async () => {
    h = await startHarness({ limits: { perVisitor: 1 } });
    const visitor = h.visitor();
    const refused = await visitor.post('/api/v1/upscale', { image_url: IMAGE_URL });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({
      error: 'This site does not offer the operation upscale',
      code: 'not_found',
      allowed: ['enhance', 'restyle', 'emptyRoom'],
    });
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(h.upstream.requests).toHaveLength(0);
    // The visitor's one start of the window is still there.
    expect((await visitor.restyle()).status).toBe(200);
  });

  it('refuses at start an operation the service does not have, or none at all', () => {
    const options = { apiKey: TEST_API_KEY, baseUrl: 'https://api.example.com' };
    const teleport = 'teleport' as GenerationOperation;
    expect(() => createRoomProxy({ ...options, operations: ['enhance', teleport] })).toThrow(
      /operations: unknown teleport \(known: enhance, restyle, /,
    );
    expect(() => createRoomProxy({ ...options, operations: [] })).toThrow(RangeError);
  });

  it('offers only the operations given: the default ones too are refused when left out', async () => {
    h = await startHarness({ operations: ['restyle'] });
    const refused = await h.visitor().post('/api/v1/enhance', { image_url: IMAGE_URL, mode: 'staging' });
    expect(refused.status).toBe(404);
    expect(refused.json.allowed).toEqual(['restyle']);
    expect((await h.visitor().restyle()).status).toBe(200);
  });

  it('counts each start by its credits against the site’s daily budget, whatever the operation', async () => {
    site = await startSite('generation', {
      operations: ['enhance', 'clearSky', 'emptyRoom'],
      allowPrivateImageUrls: true,
      limits: { perVisitor: 100, perIp: 100, dailyCredits: operationCredits.enhance + operationCredits.clearSky, networkDailyShare: 1 },
    });
    const visitor = site.h.visitor();
    const image_url = `${site.sim.url}/__simulator/samples/empty-room.jpg`;
    expect((await visitor.post('/api/v1/enhance', { image_url, mode: 'staging' })).status).toBe(200);
    expect((await visitor.post('/api/v1/clear-sky', { image_url })).status).toBe(200);
    const over = await visitor.post('/api/v1/empty-room', { image_url });
    expect(over.status).toBe(429);
    expect(over.json.code).toBe('daily_budget');
    expect(site.sim.stats().acceptedJobs).toHaveLength(2);
  });

  it('tells each operation’s own expected time in the proxy’s acknowledgement, whatever shape the service used', async () => {
    const durations = new DurationHistory();
    for (let job = 0; job < 5; job++) durations.record('clearSky', 4_000);
    site = await startSite('object', { operations: ['enhance', 'clearSky'], allowPrivateImageUrls: true, jobs: { durations } });
    const visitor = site.h.visitor();
    const image_url = `${site.sim.url}/__simulator/samples/empty-room.jpg`;
    const clearSky = await visitor.post('/api/v1/clear-sky', { image_url });
    expect(clearSky.json).toEqual({ success: true, request_id: expect.any(String), message: expect.any(String), expected_seconds: 4 });
    const enhance = await visitor.post('/api/v1/enhance', { image_url, mode: 'staging' });
    expect(enhance.json).toEqual({ success: true, request_id: expect.any(String), message: expect.any(String) });
  });

  it('refuses a prompt over the kit’s 1000 characters before anything is sent', async () => {
    site = await startSite('generation', { operations: ['freestyle'] });
    const refused = await site.h.visitor().post('/api/v1/freestyle', { prompt: 'x'.repeat(1001) });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'bad_request', field: 'prompt' });
    expect(site.sim.stats().acceptedJobs).toHaveLength(0);
  });
});
