/** POST /api/v1/tries: one room in several styles, all or nothing within the visitor's limits. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, IMAGE_URL, startHarness, type Visitor } from '../../test/support/harness.js';

let h: Harness;
afterEach(() => h?.close());

const tryStyles = (visitor: Visitor, styles: string[], headers: Record<string, string> = {}, operation = 'restyle') =>
  visitor.post('/api/v1/tries', { operation, styles, image_url: IMAGE_URL, room_type: 'living_room' }, headers);

const jobsStarted = () => h.upstream.count('/api/v1/restyle', 'POST');

/** Polls each handle, advancing the manual clock to the hub's next poll, until it is no longer running. */
async function settled(visitor: Visitor, handle: string) {
  for (let poll = 0; poll < 20; poll++) {
    const read = await visitor.request(`/api/v1/prediction/${handle}`);
    if (read.json.status === 'succeeded' || read.json.status === 'failed') return read.json;
    await h.clock.advance(3_500);
  }
  throw new Error(`${handle} did not settle`);
}

describe('POST /api/v1/tries', () => {
  it('starts one job per style through the paid path, each handle resolving', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const answer = await tryStyles(visitor, ['modern', 'scandinavian', 'industrial']);
    expect(answer.status).toBe(202);
    expect(answer.json.credits).toBe(3);
    const tries = answer.json.tries as Array<{ style: string; handle: string }>;
    expect(tries.map((one) => one.style)).toEqual(['modern', 'scandinavian', 'industrial']);
    expect(new Set(tries.map((one) => one.handle)).size).toBe(3);
    expect(jobsStarted()).toBe(3);
    const sent = h.upstream.requests.map((request) => JSON.parse(request.body ?? '{}').style);
    expect(sent.sort()).toEqual(['industrial', 'modern', 'scandinavian']);
    for (const id of ['job_1', 'job_2', 'job_3']) h.upstream.complete(id);
    for (const { handle } of tries) expect(await settled(visitor, handle)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a try the limits cannot hold in full with 429 and left, starting and counting nothing', async () => {
    h = await startHarness({ limits: { perVisitor: 2, perIp: 100 } });
    const visitor = h.visitor();
    const refused = await tryStyles(visitor, ['modern', 'scandinavian', 'industrial']);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'visitor_limit', left: 2 });
    expect(String(refused.json.error)).toContain('2');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(jobsStarted()).toBe(0);
    const fits = await tryStyles(visitor, ['modern', 'scandinavian']);
    expect(fits.status).toBe(202);
    expect(jobsStarted()).toBe(2);
    const full = await visitor.restyle();
    expect(full.status).toBe(429);
  });

  it('answers a replay with the same Idempotency-Key with the same handles and starts no job', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const headers = { 'idempotency-key': 'try-1' };
    const first = await tryStyles(visitor, ['modern', 'scandinavian'], headers);
    expect(first.status).toBe(202);
    const replay = await tryStyles(visitor, ['modern', 'scandinavian'], headers);
    expect(replay.status).toBe(202);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(jobsStarted()).toBe(2);
    const other = await tryStyles(visitor, ['modern', 'industrial'], headers);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('idempotency_key_reused');
    expect(jobsStarted()).toBe(2);
  });

  it('lists a style the service refused after another started in failed, charging and counting only the started one', async () => {
    h = await startHarness({ limits: { perVisitor: 2, perIp: 100 } });
    h.upstream.once('POST /api/v1/restyle', { status: 402, body: { error: 'Insufficient credits', credits_remaining: 0 } });
    const visitor = h.visitor();
    const answer = await tryStyles(visitor, ['modern', 'scandinavian']);
    expect(answer.status).toBe(202);
    expect(answer.json.credits).toBe(1);
    expect(answer.json.tries).toHaveLength(1);
    expect(answer.json.failed).toEqual([expect.objectContaining({ code: 'insufficient_credits', credits_remaining: 0 })]);
    // The refused style's share of the limits was given back.
    expect((await visitor.restyle()).status).toBe(200);
  });

  it('refuses more styles than stylesPerTry with 400 too_many_styles, spending nothing', async () => {
    h = await startHarness({ limits: { stylesPerTry: 2, perVisitor: 2, perIp: 100 } });
    const visitor = h.visitor();
    const refused = await tryStyles(visitor, ['modern', 'scandinavian', 'industrial']);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'too_many_styles', field: 'styles', max_styles: 2 });
    expect(jobsStarted()).toBe(0);
    expect((await tryStyles(visitor, ['modern', 'scandinavian'])).status).toBe(202);
  });

  it.each([
    ['one style', { operation: 'restyle', styles: ['modern'], image_url: IMAGE_URL }, 'styles'],
    ['a style twice', { operation: 'restyle', styles: ['modern', 'modern'], image_url: IMAGE_URL }, 'styles'],
    ['a bad style', { operation: 'restyle', styles: ['modern', ''], image_url: IMAGE_URL }, 'style'],
    ['a bad image_url', { operation: 'restyle', styles: ['modern', 'boho'], image_url: 'file:///x' }, 'image_url'],
    ['an unknown field', { operation: 'restyle', styles: ['modern', 'boho'], image_url: IMAGE_URL, prompt: 'x' }, undefined],
    ['an operation without styles', { operation: 'emptyRoom', styles: ['modern', 'boho'], image_url: IMAGE_URL }, 'operation'],
    ['no operation', { styles: ['modern', 'boho'], image_url: IMAGE_URL }, 'operation'],
  ])('refuses %s with the 400 of a single start', async (_, body, field) => {
    h = await startHarness();
    const refused = await h.visitor().post('/api/v1/tries', body);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('bad_request');
    if (field) expect(refused.json.field).toBe(field);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('refuses an operation the site does not offer as a single start does', async () => {
    h = await startHarness({ operations: ['restyle'] });
    const refused = await tryStyles(h.visitor(), ['modern', 'scandinavian'], {}, 'enhance');
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({ code: 'not_found', allowed: ['restyle'] });
    expect(h.upstream.requests).toHaveLength(0);
  });
});
