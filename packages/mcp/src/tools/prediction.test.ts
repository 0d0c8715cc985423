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

  it('reports a failed job as an error with the service reason', async () => {
    service.events.once('read', (job: FakeJob) => service.fail(job.id, 'the photo is not a room'));
    const result = await mcp.client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/cat.jpg', style: 'modern' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/did not produce images \(status failed: the photo is not a room\)/);
  });
});
