/** Hosting stays bounded: idle sessions close, caps answer 429/503 with Retry-After, BYOK keys are checked first, replay keeps no image bytes. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import { keyRefusal } from '../cli/key-refusal.js';
import { createRoomMcpServer } from '../server.js';
import { SessionEventStore } from './event-store.js';
import { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http-server.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('bounded HTTP sessions', () => {
  let service: FakeService;
  const running: RunningHttpServer[] = [];
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  afterAll(() => service.close());

  async function serve(options: Partial<HttpServerOptions>): Promise<RunningHttpServer> {
    const server = await startHttpServer({
      port: 0,
      createServer: (caller) =>
        createRoomMcpServer({ apiKey: caller.apiKey ?? TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE }),
      ...options,
    });
    running.push(server);
    return server;
  }
  const initialize = (url: string, bearer?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(INITIALIZE),
    });
  const openSessions = async (url: string) => ((await (await fetch(new URL('/healthz', url))).json()) as { sessions: number }).sessions;

  it('closes a session nobody uses (clients rarely DELETE) and says so to its next request', async () => {
    let now = 0;
    const server = await serve({ sessions: { idleMs: 60_000 }, now: () => now });
    const client = new Client({ name: 'idle', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await client.connect(transport);
    const { sessionId } = transport;
    expect(await openSessions(server.url)).toBe(1);
    // The SDK client's close() sends no DELETE: the session is left open…
    await client.close();
    now += 59_999;
    expect((await initialize(server.url)).status).toBe(200);
    expect(await openSessions(server.url)).toBe(2);
    // …until it has been idle long enough (a new session sweeps the idle ones; so does a timer).
    now += 60_000;
    expect((await initialize(server.url)).status).toBe(200);
    await waitFor(async () => (await openSessions(server.url)) === 1, 'the idle sessions to close');
    const late = await fetch(server.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': sessionId ?? '' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ error: { message: expect.stringMatching(/^Session not found/) } });
  });

  it('answers 429 with Retry-After past the per-caller cap, and 503 past the overall cap', async () => {
    const perCaller = await serve({ sessions: { maxPerCaller: 2 } });
    expect((await initialize(perCaller.url)).status).toBe(200);
    expect((await initialize(perCaller.url)).status).toBe(200);
    const third = await initialize(perCaller.url);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringMatching(/Too many sessions open for this caller \(2\)/) },
    });

    // Under BYOK each key is its own caller; the server as a whole still has a cap.
    const full = await serve({ byok: true, sessions: { max: 2 } });
    expect((await initialize(full.url, 'key-1')).status).toBe(200);
    expect((await initialize(full.url, 'key-2')).status).toBe(200);
    const overflow = await initialize(full.url, 'key-3');
    expect(overflow.status).toBe(503);
    expect(Number(overflow.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('under BYOK opens a session only for a key the service accepts, asking the service once per key', async () => {
    const server = await serve({ byok: true, verifyKey: (apiKey) => keyRefusal({ apiKey, baseUrl: service.url }) });
    const meCalls = () => service.count('/api/v1/me', 'GET');
    const before = meCalls();
    const stranger = await initialize(server.url, 'not-a-key-of-this-service');
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ error: { message: expect.stringMatching(/the service rejected this key/) } });
    expect((await initialize(server.url, 'not-a-key-of-this-service')).status).toBe(401);
    expect(await openSessions(server.url)).toBe(0);
    expect((await initialize(server.url, TEST_API_KEY)).status).toBe(200);
    expect((await initialize(server.url, TEST_API_KEY)).status).toBe(200);
    expect(meCalls() - before).toBe(2);
  });
});

describe('the replay store', () => {
  const image = 'A'.repeat(200_000);
  const toolResult = (id: number): JSONRPCMessage => ({
    jsonrpc: '2.0',
    id,
    result: {
      content: [
        { type: 'text', text: 'Restyled: 1 image ready' },
        { type: 'resource_link', uri: 'https://img.example.com/1.jpg', name: 'result-1' },
        { type: 'image', data: image, mimeType: 'image/jpeg' },
      ],
    },
  });
  const replayed = async (store: SessionEventStore, after: string) => {
    const sent: JSONRPCMessage[] = [];
    await store.replayEventsAfter(after, { send: async (_id, message) => void sent.push(message) });
    return sent;
  };

  it('keeps no image bytes: a result keeps its links, an image read asks to be read again', async () => {
    const store = new SessionEventStore();
    const first = await store.storeEvent('s', {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    });
    await store.storeEvent('s', toolResult(7));
    await store.storeEvent('s', {
      jsonrpc: '2.0',
      id: 8,
      result: { contents: [{ uri: 'room-restyler://x', blob: image, mimeType: 'image/jpeg' }] },
    });
    const [result, read] = await replayed(store, first);
    expect(JSON.stringify(result)).not.toContain(image.slice(0, 1000));
    expect(result).toMatchObject({ id: 7, result: { content: [{ type: 'text' }, { type: 'resource_link' }, { type: 'text' }] } });
    expect(read).toMatchObject({ id: 8, error: { message: expect.stringMatching(/read the resource again/) } });
  });

  it('stays within its byte budget, dropping the oldest events', async () => {
    const store = new SessionEventStore(1000, 100_000);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++)
      ids.push(
        await store.storeEvent('s', {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', data: 'x'.repeat(10_000) },
        }),
      );
    const kept: string[] = [];
    for (const id of ids) if ((await store.getStreamIdForEventId(id)) !== undefined) kept.push(id);
    // The newest ones, as many as fit in 100 kB (each is a little over 10 kB).
    expect(kept).toEqual(ids.slice(-kept.length));
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThan(10);
    const replay = await replayed(store, kept[0] ?? '');
    expect(replay).toHaveLength(kept.length - 1);
  });
});
