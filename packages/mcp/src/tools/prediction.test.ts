import { type FakeJob, type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

describe('long jobs', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ readsToComplete: 'manual' });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it('returns the id with an instruction when the wait runs out, and `prediction` then waits for the images', async () => {
    const first = await mcp.client.callTool({
      name: 'enhance',
      arguments: { image_url: 'https://example.com/empty.jpg', mode: 'staging', style: 'coastal', wait_seconds: 1 },
    });
    expect(first.isError).toBeFalsy();
    const pending = first.structuredContent as { request_id: string; done: boolean; status: string; images: unknown[]; next_step: string };
    expect(pending).toMatchObject({ done: false, status: 'processing', images: [] });
    expect(pending.next_step).toContain(`\`prediction\` tool with id "${pending.request_id}"`);
    expect((first.content as { text: string }[])[0]?.text).toContain('prediction');
    expect(service.jobs.size).toBe(1);

    service.events.once('read', (job: FakeJob) => service.complete(job.id));
    const progress: string[] = [];
    const second = await mcp.client.callTool({ name: 'prediction', arguments: { id: pending.request_id, wait_seconds: 30 } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    expect(second.structuredContent).toMatchObject({ request_id: pending.request_id, done: true, status: 'succeeded' });
    expect((second.structuredContent as { images: unknown[] }).images).toHaveLength(1);
    // The job's age goes on from where the first call left it, not from 0.
    const elapsed = (result: typeof first) => (result.structuredContent as { elapsed_seconds: number }).elapsed_seconds;
    expect(elapsed(first)).toBeGreaterThanOrEqual(1);
    expect(elapsed(second)).toBeGreaterThanOrEqual(elapsed(first));
    expect(progress.at(-1)).toMatch(/^Done/);
    expect(service.jobs.size).toBe(1);
  });

  it('with wait_seconds 0 only starts the job, and `prediction` with 0 only looks', async () => {
    const started = await mcp.client.callTool({
      name: 'restyle',
      arguments: { image_url: 'https://example.com/a.jpg', style: 'rustic', wait_seconds: 0 },
    });
    const { request_id } = started.structuredContent as { request_id: string };
    expect(started.structuredContent).toMatchObject({ done: false, status: 'starting' });
    const look = await mcp.client.callTool({ name: 'prediction', arguments: { id: request_id, wait_seconds: 0 } });
    expect(look.structuredContent).toMatchObject({ done: false, status: 'processing' });
  });

  it('stops waiting when the client cancels, and says the job keeps running', async () => {
    const controller = new AbortController();
    service.events.once('read', () => controller.abort('user pressed stop'));
    await expect(
      mcp.client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'modern' } }, undefined, {
        signal: controller.signal,
      }),
    ).rejects.toThrow(/user pressed stop/);

    const line = await mcp.logLine(/cancelled/);
    const id = [...service.jobs.keys()][0];
    expect(line).toContain(`job ${id} keeps running`);
    expect(service.credits()).toBe(99);
  });

  it('reports a failed job as failed, with the service reason, its id and the balance after it — from restyle and prediction', async () => {
    service.events.once('read', (job: FakeJob) => service.fail(job.id, 'the photo is not a room'));
    const result = await mcp.client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/cat.jpg', style: 'modern' } });
    expect(result.isError).toBe(true);
    const id = [...service.jobs.keys()].at(-1) ?? '';
    const text = (result.content as { text: string }[])[0]?.text;
    expect(text).toMatch(new RegExp(`^The job ${id} ended as failed \\(the photo is not a room\\), without images\\.`));
    expect(text).toContain(`does not document whether a failed job's credit is refunded; the balance is now ${service.credits()} credits`);
    expect(result.structuredContent).toMatchObject({
      request_id: id,
      status: 'failed',
      done: false,
      credits_remaining: service.credits(),
      error: { code: 'generation_failed', retryable: false, request_id: id },
    });
    expect((result.structuredContent as { elapsed_seconds: unknown }).elapsed_seconds).toBeTypeOf('number');

    const again = await mcp.client.callTool({ name: 'prediction', arguments: { id } });
    expect(again.isError).toBe(true);
    expect(again.structuredContent).toMatchObject({ request_id: id, status: 'failed', error: { code: 'generation_failed' } });
  });
});
