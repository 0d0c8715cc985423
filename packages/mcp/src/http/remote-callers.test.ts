/** Remote callers: bring-your-own-key sessions and OAuth protected-resource metadata, through the SDK client and raw fetch. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

const SERVER_KEY = 'server-key-never-spent-for-callers';
const OTHER_KEY = 'another-callers-key';

describe('remote callers', () => {
  let service: FakeService;
  let byok: RunningHttpServer;
  const logs: string[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    byok = await startHttpServer({
      port: 0,
      byok: true,
      authorizationServers: ['https://auth.example.com'],
      // What the CLI does with --byok: the caller's key replaces the server's.
      createServer: (caller) =>
        createRoomMcpServer({
          apiKey: caller.apiKey ?? SERVER_KEY,
          baseUrl: service.url,
          pollSchedule: FAST_SCHEDULE,
          log: (l) => logs.push(l),
        }),
      log: (line) => logs.push(line),
    });
  });
  afterAll(async () => {
    await Promise.all([byok.close(), service.close()]);
  });

  const connect = async (key: string) => {
    const client = new Client({ name: 'byok-test', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(byok.url), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    return { client, transport };
  };

  it("spends the caller's own key: the service sees it, and a wrong one is the service's 401", async () => {
    const { client } = await connect(TEST_API_KEY);
    const me = await client.callTool({ name: 'me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ email: 'agent@example.com' });
    expect(service.requests.filter((r) => r.path === '/api/v1/me').map((r) => r.headers.get('authorization'))).toEqual([
      `Bearer ${TEST_API_KEY}`,
    ]);
    await client.close();

    const { client: other } = await connect(OTHER_KEY);
    const refused = await other.callTool({ name: 'me', arguments: {} });
    expect(refused.isError).toBe(true);
    // The caller is told which key was refused: the one it sends, not only the server's config.
    expect((refused.content as { text: string }[])[0]?.text).toMatch(/--byok, the key your client sends as Authorization: Bearer/);
    expect(JSON.stringify(refused)).not.toContain(OTHER_KEY);
    await other.close();
    expect(service.requests.some((r) => r.headers.get('authorization')?.includes(SERVER_KEY))).toBe(false);
    expect(logs.join('\n')).not.toMatch(new RegExp(`${TEST_API_KEY}|${OTHER_KEY}`));
  });

  it('without a key answers 401 with a challenge naming the resource metadata, which describes the server', async () => {
    const origin = new URL(byok.url).origin;
    const missing = await fetch(byok.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(missing.status).toBe(401);
    const challenge = missing.headers.get('www-authenticate');
    expect(challenge).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);

    const metadata = await fetch(/resource_metadata="([^"]+)"/.exec(challenge ?? '')?.[1] ?? '');
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({
      resource: byok.url,
      authorization_servers: ['https://auth.example.com'],
      bearer_methods_supported: ['header'],
    });
    expect((await fetch(`${origin}/.well-known/oauth-protected-resource`)).status).toBe(200);
  });

  it('holds a session to the key that opened it: its id alone spends nobody else’s credits', async () => {
    const { client, transport } = await connect(TEST_API_KEY);
    const hijack = await fetch(byok.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${OTHER_KEY}`,
        'mcp-session-id': transport.sessionId ?? '',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'me', arguments: {} } }),
    });
    expect(hijack.status).toBe(403);
    await client.close();
  });

  it('serves no metadata when no bearer is asked for', async () => {
    const open = await startHttpServer({ port: 0, createServer: () => createRoomMcpServer({}) });
    try {
      expect((await fetch(`${new URL(open.url).origin}/.well-known/oauth-protected-resource`)).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
