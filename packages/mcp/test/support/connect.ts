/** A real SDK Client connected in memory to a fresh server: what every in-memory test talks to. */
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { fixedPollSchedule } from '@room-restyler/core';
import type { RoomMcpServerOptions } from '../../src/options.js';
import { createRoomMcpServer } from '../../src/server.js';

/** What a host that renders MCP Apps declares at initialize (ext-apps' EXTENSION_ID and RESOURCE_MIME_TYPE). */
export const APP_HOST = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** Polls every few ms, so tests run in milliseconds and need no clock tricks. */
export const FAST_SCHEDULE = fixedPollSchedule(5, 50);

export interface Connected {
  client: Client;
  logs: string[];
  /** Resolves with the first log line (past or future) matching `pattern`: an event, not a sleep. */
  logLine(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** `client` sets what the test client declares, e.g. `{ capabilities: { elicitation: {} } }`; `name` is its clientInfo name. */
export async function connectInMemory(
  options: RoomMcpServerOptions = {},
  client?: ClientOptions,
  name = 'test-client',
): Promise<Connected> {
  const logs: string[] = [];
  const waiting = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const log = (line: string) => {
    logs.push(line);
    for (const waiter of waiting) {
      if (!waiter.pattern.test(line)) continue;
      waiting.delete(waiter);
      waiter.resolve(line);
    }
  };
  const server = createRoomMcpServer({ pollSchedule: FAST_SCHEDULE, log, ...options });
  const sdkClient = new Client({ name, version: '1.0.0' }, client);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), sdkClient.connect(clientTransport)]);
  return {
    client: sdkClient,
    logs,
    logLine: (pattern) =>
      new Promise((resolve) => {
        const seen = logs.find((line) => pattern.test(line));
        if (seen !== undefined) resolve(seen);
        else waiting.add({ pattern, resolve });
      }),
    async close() {
      await sdkClient.close();
      await server.close();
    },
  };
}
