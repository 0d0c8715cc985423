/**
 * Starts that must never hand one user another's job: a start cancelled mid-flight stays the owner
 * of its window, and a key proxy and this server on one API key never adopt each other's job.
 */
import { createRoomProxy, type RoomProxy } from '@room-restyler/proxy';
import { type FakeService, startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

const restyle = {
  name: 'restyle',
  arguments: { image_url: 'https://photos.example.com/a.jpg', style: 'coastal', previews: false, wait_seconds: 0 },
};
const errorCode = (result: Record<string, unknown>) => (result.structuredContent as { error?: { code: string } }).error?.code;
const requestId = (result: Record<string, unknown>) => (result.structuredContent as { request_id: string }).request_id;

let service: FakeService;
let mcp: Connected;
/** A key proxy of a site on the same key (the API key of both is the fake service's one key). */
let proxy: RoomProxy;
let cookie: string;
beforeEach(async () => {
  service = await startFakeService({ readsToComplete: 'manual' });
  [mcp, proxy, cookie] = [
    await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url }),
    createRoomProxy({
      apiKey: TEST_API_KEY,
      baseUrl: service.url,
      secret: 'a-test-secret-of-enough-length',
      fetch: service.fetch,
      log: () => {},
    }),
    '',
  ];
});
afterEach(async () => {
  await Promise.all([mcp.close(), proxy.close()]);
  await service.close();
});

/** The POST creates its job as the service would, then `then` happens to its answer. */
const created =
  (then: { reset: true } | { hang: true }) =>
  async (request: { method: string; path: string; headers: Headers; body: string }, fake: FakeService) => {
    await fake.fetch(`${fake.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    return then;
  };

describe('a start the service answered with a 5xx', () => {
  it('is looked for, not given up: the job it made is followed, never started again', async () => {
    service.once('POST /api/v1/restyle', async (request, fake) => {
      await created({ reset: true })(request, fake);
      return { status: 500, body: { error: 'Internal server error' } };
    });
    const result = await mcp.client.callTool(restyle);
    expect(result.isError).toBeFalsy();
    expect(requestId(result)).toBe('job_1');
    expect((result.structuredContent as { notes: string[] }).notes.join(' ')).toMatch(
      /answer to the start was lost; this job was found again/,
    );
    expect(service.jobs.size).toBe(1);
  });

  it('that made no job is never "retryable": most likely nothing was charged, on the list’s word, so check first', async () => {
    service.once('POST /api/v1/restyle', { status: 500, body: { error: 'Internal server error' } });
    const result = await mcp.client.callTool(restyle);
    expect((result.structuredContent as { error: unknown }).error).toMatchObject({ code: 'start_failed', retryable: false });
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^The service failed while starting the generation. No job of this start is in the account's recent jobs, so most likely nothing was charged. Call `recent_jobs`/,
    );
    expect(service.count('/api/v1/predictions', 'GET')).toBe(1);
    expect(service.jobs.size).toBe(0);
  });

  it('that cannot be told apart from another job says it may have been charged', async () => {
    service.once('POST /api/v1/restyle', async (request, fake) => {
      // Its job, and another created in the same moment: two candidates, no guess.
      await created({ reset: true })(request, fake);
      await fake.fetch(`${fake.url}/api/v1/enhance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: 'https://photos.example.com/other.jpg', mode: 'staging' }),
      });
      return { status: 500, body: { error: 'Internal server error' } };
    });
    const result = await mcp.client.callTool(restyle);
    expect(errorCode(result)).toBe('outcome_unknown');
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^The service failed while starting the generation\. It may have been charged/,
    );
  });
});

describe('a cancelled start', () => {
  it('never orphans its job: the next start whose answer is lost does not adopt it, and says it may have been charged', async () => {
    service.once('POST /api/v1/restyle', created({ hang: true }));
    const controller = new AbortController();
    const cancelled = mcp.client.callTool(restyle, undefined, { signal: controller.signal });
    await waitFor(() => service.jobs.size === 1, 'the service to create the job');
    controller.abort();
    await expect(cancelled).rejects.toThrow();
    await mcp.logLine(/restyled cancelled by the client/);

    service.once('POST /api/v1/restyle', { reset: true });
    const next = await mcp.client.callTool(restyle);
    expect(errorCode(next)).toBe('outcome_unknown');
    expect(service.jobs.size).toBe(1);
  });
});

describe('a key proxy and the MCP server on one API key', () => {
  /** A visitor's click on a site behind the proxy (the first answer sets its cookie). */
  async function click(key: string): Promise<Response> {
    const send = () =>
      proxy(
        new Request('http://proxy.test/api/v1/restyle', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ image_url: 'https://photos.example.com/b.jpg', style: 'modern' }),
        }),
      );
    const first = await send();
    if (first.status !== 428) return first;
    cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return send();
  }

  it("never adopt each other's job when a start's answer is lost", async () => {
    expect((await click('visit-1')).status).toBe(200);
    expect(errorCode(await mcp.client.callTool(restyle))).toBeUndefined();
    expect((await click('visit-2')).status).toBe(200);

    // The MCP server's start is lost before the service made anything; a visitor's job lands meanwhile.
    service.once('POST /api/v1/restyle', async () => {
      expect((await click('visit-3')).status).toBe(200);
      return { reset: true };
    });
    const lost = await mcp.client.callTool(restyle);
    expect(errorCode(lost)).toBe('outcome_unknown');
    expect(requestId(lost)).toBe('');

    // The proxy's start is lost the same way while the MCP server's job is made.
    let theirs = '';
    service.once('POST /api/v1/restyle', async () => {
      theirs = requestId(await mcp.client.callTool(restyle));
      return { reset: true };
    });
    const visitor = await click('visit-4');
    expect(theirs).toMatch(/^job_/);
    expect(visitor.status).toBe(502);
    expect(await visitor.json()).toMatchObject({ code: 'generation_unknown' });
  });
});
