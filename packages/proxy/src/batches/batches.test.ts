/** /api/v1/batches: a trusted server's photos × styles, priced, confirmed, run in the proxy, followed on one stream, cancelled. */
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreamReader, type Harness, startHarness } from '../../test/support/harness.js';

let h: Harness;
afterEach(() => h?.close());

const TOKEN = 'batch-token-0123456789';
const PHOTOS = ['https://photos.example.com/living.jpg', 'https://photos.example.com/kitchen.jpg'];
const BATCH = { operation: 'restyle', photos: PHOTOS, styles: ['modern', 'japandi'], room_type: 'living_room' };

function call(path: string, init: RequestInit = {}, token = TOKEN): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${h.url}/api/v1/batches${path}`, { ...init, headers });
}

async function post(body: unknown, token = TOKEN) {
  const response = await call('', { method: 'POST', body: JSON.stringify(body) }, token);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const jobsStarted = () => h.upstream.count('/api/v1/restyle', 'POST');

/** Lets every job the service has finish, and the hub's next polls come, until the batch's stream ends. */
async function untilEnd(events: EventStreamReader) {
  for (let round = 0; round < 40 && !events.events.some((event) => event.event === 'end'); round++) {
    for (const id of h.upstream.jobs.keys()) h.upstream.complete(id);
    await h.clock.advance(3_500);
  }
  await events.ended;
}

describe('batches', () => {
  it('plans 2 photos × 2 styles, runs them once confirmed and streams them to the end: 4 jobs, 4 credits', async () => {
    h = await startHarness({ batchToken: TOKEN });
    const plan = await post(BATCH);
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({ credits: 4, balance: 100, budget_left: 100, fits: true });
    expect(plan.json.items).toHaveLength(4);
    expect(jobsStarted()).toBe(0);

    const started = await post({ ...BATCH, confirm: true });
    expect(started.status).toBe(201);
    const id = String(started.json.id);
    const events = new EventStreamReader(call(`/${id}/events`));
    await waitFor(() => events.events.length > 0, 'the stream open');
    await untilEnd(events);
    expect(events.status).toBe(200);
    expect(events.events[0]?.event).toBe('progress');
    const items = events.events.filter((event) => event.event === 'item');
    expect(items).toHaveLength(4);
    expect(items.every((event) => event.data.status === 'succeeded' && Array.isArray(event.data.output))).toBe(true);
    const end = events.events.at(-1);
    expect(end?.event).toBe('end');
    expect(end?.data).toMatchObject({ status: 'ended', succeeded: 4, failed: 0 });
    expect(jobsStarted()).toBe(4);
    expect(h.upstream.credits()).toBe(100 - 4);

    const state = await call(`/${id}`);
    expect(state.status).toBe(200);
    const body = (await state.json()) as { items: Array<{ status: string; output?: string[] }>; charged: string[] };
    expect(body.items.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(body.items.every((item) => item.output?.[0]?.startsWith(h.upstream.url))).toBe(true);
    expect(body.charged).toHaveLength(4);
    // Counted against the site's daily budget.
    expect((await post(BATCH)).json.budget_left).toBe(96);
  });

  it('takes items one by one too, each with its own fields, and refuses a bad one as a single start would', async () => {
    h = await startHarness({ batchToken: TOKEN });
    const items = [
      { image_url: PHOTOS[0], style: 'modern' },
      { image_url: PHOTOS[1], style: 'boho', room_type: 'kitchen' },
    ];
    const plan = await post({ operation: 'restyle', items });
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({ credits: 2, items: [{ id: '1-modern' }, { id: '2-boho', photo: PHOTOS[1] }] });
    const refused = await post({ operation: 'restyle', items: [{ image_url: PHOTOS[0], style: '' }] });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'bad_request', field: 'style' });
    expect((await post({ operation: 'restyle', items: [{ style: 'modern' }] })).json.field).toBe('items');
    expect(h.upstream.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('answers 401 to a wrong or missing token and 404 without a configured one, spending nothing', async () => {
    h = await startHarness({ batchToken: TOKEN });
    expect((await post({ ...BATCH, confirm: true }, 'not-the-batch-token-at-all')).status).toBe(401);
    const missing = await post({ ...BATCH, confirm: true }, '');
    expect(missing.status).toBe(401);
    expect(missing.json.code).toBe('batch_token_invalid');
    expect((await call('/abc')).status).toBe(404);
    expect((await call('/abc/events')).status).toBe(404);
    expect((await call('/abc', { method: 'DELETE' })).status).toBe(404);
    await h.close();

    h = await startHarness();
    const off = await post({ ...BATCH, confirm: true });
    expect(off.status).toBe(404);
    expect(off.json.code).toBe('not_found');
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('cancels mid-way and says which items were already charged', async () => {
    // Two items in flight at once: two jobs made, two items never started.
    h = await startHarness({ batchToken: TOKEN, limits: { streamsPerVisitor: 2 } });
    const started = await post({ ...BATCH, confirm: true });
    const id = String(started.json.id);
    await waitFor(() => jobsStarted() === 2, 'two items started');
    const cancelled = await call(`/${id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    const state = (await cancelled.json()) as { status: string; charged: string[]; items: Array<{ id: string; status: string }> };
    expect(state.status).toBe('cancelled');
    expect(state.charged).toHaveLength(2);
    expect(state.items.filter((item) => item.status === 'cancelled')).toHaveLength(4);
    expect(jobsStarted()).toBe(2);
  });

  it('refuses a batch the account or the daily budget cannot pay, starting nothing', async () => {
    h = await startHarness({ batchToken: TOKEN, limits: { dailyCredits: 3 } });
    const plan = await post(BATCH);
    expect(plan.json).toMatchObject({ credits: 4, budget_left: 3, fits: false });
    const refused = await post({ ...BATCH, confirm: true });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('daily_budget');
    expect(jobsStarted()).toBe(0);
  });
});
