/** A dropped connection mid-generation loses nothing: the client resumes the stream with Last-Event-ID. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, LATEST_PROTOCOL_VERSION, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

describe('resumable streams', () => {
  let service: FakeService;
  let http: RunningHttpServer;
  const logs: string[] = [];
  beforeAll(async () => {
    service = await startFakeService({ readsToComplete: 'manual' });
    http = await startHttpServer({
      port: 0,
      createServer: () =>
        createRoomMcpServer({ apiKey: TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE, log: (l) => logs.push(l) }),
    });
  });
  afterAll(async () => {
    await http.close();
    await service.close();
  });

  it('replays the progress and the result a client missed while its connection was down', async () => {
    const first = new StreamableHTTPClientTransport(new URL(http.url));
    const before = new Client({ name: 'resume-test', version: '1' });
    await before.connect(first);
    const sessionId = first.sessionId ?? '';
    expect(sessionId).not.toBe('');

    const tokens: string[] = [];
    const seenBefore: Progress[] = [];
    const call = before.request(
      {
        method: 'tools/call',
        params: { name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', previews: false } },
      },
      CallToolResultSchema,
      { onresumptiontoken: (t) => void tokens.push(t), onprogress: (p) => void seenBefore.push(p) },
    );
    await waitFor(() => seenBefore.some((p) => p.message?.startsWith('Generating (processing)')), 'the job to be followed');
    const lastSeen = seenBefore.at(-1)?.progress ?? 0;

    // The connection drops: the client goes away without cancelling; the server keeps following the job.
    await first.close();
    await expect(call).rejects.toThrow();
    const reads = service.count('/api/v1/prediction/', 'GET');
    await waitFor(() => service.count('/api/v1/prediction/', 'GET') >= reads + 2, 'progress to happen while nobody listens');
    const id = [...service.jobs.keys()][0] ?? '';
    service.complete(id);
    // The call ends while nobody listens: its result exists only in the session's event store.
    await waitFor(() => logs.includes(`restyled job ${id} finished`), 'the call to finish');

    // A new connection to the same session resumes from the last event it saw.
    const second = new StreamableHTTPClientTransport(new URL(http.url), { sessionId });
    second.setProtocolVersion(LATEST_PROTOCOL_VERSION);
    const after = new Client({ name: 'resume-test', version: '1' });
    await after.connect(second);
    // The replayed notifications carry the original call's progress token (its request id, 1 after
    // initialize's 0): one request first gives the resumed call that same id.
    await after.listTools();
    const missed: Progress[] = [];
    const result = await after.request({ method: 'tools/call', params: { name: 'restyle', arguments: {} } }, CallToolResultSchema, {
      resumptionToken: tokens.at(-1),
      onprogress: (p) => void missed.push(p),
    });

    expect(result.structuredContent).toMatchObject({ done: true, status: 'succeeded', request_id: id });
    expect(missed.some((p) => p.message?.startsWith('Generating') && p.progress > lastSeen)).toBe(true);
    expect(missed.at(-1)?.message).toMatch(/^Done/);
    expect(service.jobs.size).toBe(1);
    await after.close();
  });
});
