/** Asking the user over Streamable HTTP: the question travels on the call's own stream and the answer comes back as a POST. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

describe('elicitation over Streamable HTTP', () => {
  let service: FakeService;
  let server: RunningHttpServer;
  let client: Client;
  const asked: string[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    server = await startHttpServer({
      port: 0,
      createServer: () =>
        createRoomMcpServer({ apiKey: TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE, confirmCreditsAbove: 1 }),
    });
    client = new Client({ name: 'asking-host', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return 'requestedSchema' in request.params && 'style' in request.params.requestedSchema.properties
        ? { action: 'accept', content: { style: 'japandi' } }
        : { action: 'decline' };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await service.close();
  });

  const restyle = (more: Record<string, unknown> = {}) =>
    client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/room.jpg', previews: false, ...more } });

  it('asks for the missing style, then restyles in the one the user chose', async () => {
    const result = await restyle();
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect([...service.jobs.values()].map((job) => job.body.style)).toEqual(['japandi']);
  });

  it('asks before spending beyond the limit, and a declined confirmation starts nothing', async () => {
    const result = await restyle({ style: 'modern' });
    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(2);
    expect(service.count('/api/v1/restyle')).toBe(1);
  });
});
