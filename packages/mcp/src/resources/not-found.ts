/** Unknown resources answer −32002 (Resource not found), as the MCP specification asks; the SDK names no constant for it. */
import { McpError } from '@modelcontextprotocol/sdk/types.js';

export const RESOURCE_NOT_FOUND = -32002;

export function resourceNotFound(uri: string, why: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${why}`, { uri });
}
