import { type IncomingHttpHeaders, request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import { TOOL_NAMES } from '../../test/support/tool-names.js';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

const TOKEN = 'mcp-token-for-tests';
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

describe('Streamable HTTP transport', () => {
  let service: FakeService;
  let open: RunningHttpServer;
  let guarded: RunningHttpServer;
  let stateless: RunningHttpServer;
  beforeAll(async () => {
    service = await startFakeService({ readsToComplete: 2 });
    const createServer = () => createRoomMcpServer({ apiKey: TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE });
    open = await startHttpServer({ port: 0, createServer });
    guarded = await startHttpServer({ port: 0, token: TOKEN, allowedHosts: ['mcp.example.test'], createServer });
    stateless = await startHttpServer({ port: 0, stateless: true, createServer });
  });
  afterAll(async () => {
    await Promise.all([open.close(), guarded.close(), stateless.close(), service.close()]);
  });

  /** node:http rather than fetch, which does not let a caller set the Host header. */
  const post = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; json(): Promise<unknown> }>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              json: async () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(initialize));
    });

  it.each(['sessions', 'stateless'])('serves a real SDK client (%s): tools, a generation with progress', async (mode) => {
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mode === 'stateless' ? stateless.url : open.url)));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
      const progress: string[] = [];
      const result = await client.callTool(
        { name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'boho chic', previews: false } },
        undefined,
        {
          onprogress: (p) => progress.push(p.message ?? ''),
        },
      );
      expect(result.structuredContent).toMatchObject({ done: true, status: 'succeeded' });
      expect(progress.some((m) => m.startsWith('Generating'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('refuses a Host header that is not allowed (DNS rebinding) and a foreign Origin', async () => {
    const port = new URL(open.url).port;
    const rebound = await post(open.url, { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(((await rebound.json()) as { error: { message: string } }).error.message).toMatch(/Host or Origin is not allowed/);
    expect((await post(open.url, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(open.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('with a token, refuses requests without the right bearer and accepts the right one', async () => {
    expect((await post(guarded.url)).status).toBe(401);
    const wrong = await post(guarded.url, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    // No authorization server configured: no OAuth discovery to send clients into, the static token is the way.
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="room-restyler"');
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/Bearer <ROOM_MCP_TOKEN> \(the static token/);
    expect((await fetch(`${new URL(guarded.url).origin}/.well-known/oauth-protected-resource/mcp`)).status).toBe(404);
    expect((await post(guarded.url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const port = new URL(guarded.url).port;
    expect((await post(guarded.url, { authorization: `Bearer ${TOKEN}`, host: `mcp.example.test:${port}` })).status).toBe(200);

    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(guarded.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }),
    );
    expect((await client.callTool({ name: 'me', arguments: {} })).structuredContent).toMatchObject({ email: 'agent@example.com' });
    await client.close();
  });

  it('answers GET with 405 (stateless), 400 without a session, 404 for an unknown session, and unknown paths with a JSON 404', async () => {
    const get = await fetch(stateless.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect((await fetch(open.url, { headers: { accept: 'text/event-stream' } })).status).toBe(400);
    const gone = await fetch(open.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'no-such-session' } });
    expect(gone.status).toBe(404);
    const other = await fetch(open.url.replace('/mcp', '/other'));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'Not found; the MCP endpoint is /mcp' });
  });
});
