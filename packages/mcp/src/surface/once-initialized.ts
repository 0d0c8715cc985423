/**
 * Work that needs the client's capabilities (known once it has initialized, before it lists
 * anything). The SDK's `oninitialized` holds one callback: each is chained after the one before,
 * so the parts that adapt to the client (the app, elicitation) never replace each other's.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function onceInitialized(server: McpServer, callback: () => void): void {
  const previous = server.server.oninitialized;
  server.server.oninitialized = () => {
    previous?.();
    callback();
  };
}
