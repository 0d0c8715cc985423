/** Unknown resources answer −32002 (Resource not found), as the MCP specification asks; the SDK names no constant for it. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export const RESOURCE_NOT_FOUND = -32002;

export function resourceNotFound(uri: string, why: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${why}`, { uri });
}

type Handler = (request: { params: { uri: string } }, extra: unknown) => Promise<unknown>;

/**
 * An address that matches no resource and no template: the SDK's resources/read answers −32602
 * (invalid params) for it; this wraps that handler to answer −32002 instead. Call it after the
 * resources are registered (the SDK installs the handler with the first one).
 */
export function answerUnknownAddressesAsNotFound(server: McpServer): void {
  // Where the SDK's Protocol keeps its request handlers (private, but stable across 1.x).
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const read = handlers.get('resources/read');
  if (!read) return;
  handlers.set('resources/read', async (request, extra) => {
    try {
      return await read(request, extra);
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.InvalidParams && / (not found|disabled)$/.test(error.message))
        throw resourceNotFound(request.params.uri, 'no resource has that address (see resources/list and resources/templates/list)');
      throw error;
    }
  });
}
