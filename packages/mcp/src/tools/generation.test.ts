/** What a generation tells the client along the way and at the end: the job id at once, honest totals, inputs, cost and balance. */
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { normalizeBaseUrl } from '@room-restyler/core/internal';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { durationsFor } from '../jobs/durations.js';
import { REQUEST_ID_META } from './progress.js';

/** A progress notification as the client receives it, `_meta` included. */
type Notified = Progress & { _meta?: Record<string, unknown> };

describe('a generation, as the client sees it', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ readsToComplete: 4, credits: 10 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  const stage = { image_url: 'https://example.com/empty.jpg', mode: 'staging', style: 'japandi', room_type: 'bedroom', previews: false };

  it('names the request id in the first progress notification after the job is accepted (message and _meta)', async () => {
    const progress: Notified[] = [];
    await mcp.client.callTool({ name: 'enhance', arguments: stage }, undefined, { onprogress: (p) => progress.push(p) });
    const first = progress.findIndex((p) => p._meta !== undefined);
    expect(progress.slice(0, first).map((p) => p.message)).toEqual([expect.stringMatching(/^Starting/)]);
    expect(progress[first]?._meta).toEqual({ [REQUEST_ID_META]: 'job_1' });
    expect(progress[first]?.message).toMatch(/Request id job_1: if this call is interrupted, follow the job with `prediction`/);
  });

  it('sends progress totals that never shrink and never disappear once given, and ends with a full bar', async () => {
    const progress: Progress[] = [];
    await mcp.client.callTool({ name: 'enhance', arguments: { ...stage, previews: true } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    const firstTotal = progress.findIndex((p) => p.total !== undefined);
    expect(firstTotal).toBeGreaterThanOrEqual(0);
    const totals = progress.slice(firstTotal).map((p) => p.total);
    expect(totals.every((t) => t !== undefined)).toBe(true);
    expect(totals).toEqual([...totals].sort((a = 0, b = 0) => a - b));
    expect(progress.at(-1)?.progress).toBe(progress.at(-1)?.total);
  });

  it('teaches the process how long the service’s jobs take, per operation: later waits poll on a schedule learned from it', async () => {
    await mcp.client.callTool({ name: 'enhance', arguments: stage });
    const checked = normalizeBaseUrl(service.url);
    const history = durationsFor(checked.ok ? checked.baseUrl : '');
    expect(history.durations('enhance')).toHaveLength(1);
    expect(history.durations('restyle')).toEqual([]);
  });

  it('echoes the inputs, the cost and the balance after the job', async () => {
    const result = await mcp.client.callTool({ name: 'enhance', arguments: stage });
    expect(result.structuredContent).toMatchObject({
      inputs: { image_url: stage.image_url, mode: 'staging', style: 'japandi', room_type: 'bedroom' },
      credits_charged: 1,
      credits_remaining: 9,
    });
  });
});
