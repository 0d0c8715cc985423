/** The bin spawned over stdio with an official SDK client, as a desktop client runs it. */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** The built bin in this package. */
export const BUILT_BIN = fileURLToPath(new URL('../../dist/room-restyler-mcp.js', import.meta.url));

export interface Spawned {
  client: Client;
  stderr: () => string;
  transportErrors: Error[];
}

export async function spawnServer(
  env: Record<string, string>,
  capabilities: ClientCapabilities = {},
  bin: string = BUILT_BIN,
): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'stdio-test', version: '1' }, { capabilities });
  const transportErrors: Error[] = [];
  client.onerror = (error) => transportErrors.push(error);
  await client.connect(transport);
  inArrivalOrder(transport);
  return { client, stderr: () => stderr, transportErrors };
}

/**
 * The SDK client handles a notification a microtask later but a response at once, so when the last
 * progress notification and the result arrive in one read from the pipe (likely on a busy machine),
 * it drops that notification as "unknown token" although the server sent it first
 * (modelcontextprotocol/typescript-sdk#2580). Handing the client one message per turn of the event
 * loop lets it finish each before the next, as a client that keeps arrival order would.
 */
function inArrivalOrder(transport: StdioClientTransport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    setImmediate(() => deliver?.(message));
  };
}
