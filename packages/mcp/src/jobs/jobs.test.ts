/** No lost or double-charged job: every job can be found again, and a start whose answer was lost is reconciled, never resent. */
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

const restyle = { name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'coastal', previews: false } };
const textOf = (result: Record<string, unknown>) => (result.content as { text: string }[])[0]?.text ?? '';

describe('jobs that can always be found again', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ readsToComplete: 1 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it("recent_jobs and room-restyler://jobs list this session's jobs with their inputs, and the account's", async () => {
    await mcp.client.callTool({ ...restyle, arguments: { ...restyle.arguments, wait_seconds: 0 } });
    // A job started elsewhere with the same key: only the account's list knows it.
    await fetch(`${service.url}/api/v1/enhance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: 'https://example.com/b.jpg', mode: 'staging' }),
    });
    const result = await mcp.client.callTool({ name: 'recent_jobs', arguments: {} });
    const jobs = result.structuredContent as {
      session_jobs: { request_id: string; tool: string; inputs: unknown }[];
      account_jobs: { request_id: string }[];
    };
    expect(jobs.session_jobs).toEqual([
      expect.objectContaining({
        request_id: 'job_1',
        tool: 'restyle',
        inputs: { image_url: 'https://example.com/a.jpg', style: 'coastal' },
      }),
    ]);
    expect(jobs.account_jobs.map((j) => j.request_id)).toEqual(['job_2', 'job_1']);
    expect(textOf(result)).toContain('job_2');

    const read = await mcp.client.readResource({ uri: 'room-restyler://jobs' });
    const listed = JSON.parse((read.contents[0] as { text: string }).text) as typeof jobs;
    expect(listed.session_jobs.map((j) => j.request_id)).toEqual(['job_1']);
    expect(listed.account_jobs.map((j) => j.request_id)).toEqual(['job_2', 'job_1']);
  });

  it('a start whose answer is lost to a reset is found again: one job on the service, the tool answers with it, no second start', async () => {
    service.once('POST /api/v1/restyle', { reset: true, afterDefault: true });
    const result = await mcp.client.callTool(restyle);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ request_id: 'job_1', done: true, status: 'succeeded' });
    expect((result.structuredContent as { notes: string[] }).notes.join(' ')).toMatch(
      /answer to the start was lost; this job was found again/,
    );
    expect(service.jobs.size).toBe(1);
    expect(service.count('/api/v1/restyle', 'POST')).toBe(1);
    expect(service.count('/api/v1/predictions', 'GET')).toBe(1);
    const jobs = (await mcp.client.callTool({ name: 'recent_jobs', arguments: {} })).structuredContent as { session_jobs: unknown[] };
    expect(jobs.session_jobs).toEqual([expect.objectContaining({ request_id: 'job_1', reconciled: true })]);
  });

  it('a lost start that cannot be matched to one job says it may have been charged and must not be retried blindly', async () => {
    // Another job created in the same moment by another client: two candidates, no guess.
    service.once('POST /api/v1/restyle', async (_request, fake) => {
      await fake.fetch(`${fake.url}/api/v1/enhance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: 'https://example.com/other.jpg', mode: 'staging' }),
      });
      return { reset: true, afterDefault: true };
    });
    const result = await mcp.client.callTool(restyle);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The service did not answer the start of the generation \(the connection was lost\)\. It may have been charged: do NOT start it again blindly\. Call `recent_jobs`/,
    );
    expect(result.structuredContent).toMatchObject({ request_id: '', error: { code: 'outcome_unknown', retryable: false } });
    expect(service.count('/api/v1/restyle', 'POST')).toBe(1);
  });

  it('a reset that made no job is still unknown, never guessed to be "not started"', async () => {
    service.once('POST /api/v1/restyle', { reset: true });
    const lost = await mcp.client.callTool(restyle);
    expect((lost.structuredContent as { error: { code: string } }).error.code).toBe('outcome_unknown');
    expect(service.jobs.size).toBe(0);
    expect(service.count('/api/v1/restyle', 'POST')).toBe(1);
  });
});
