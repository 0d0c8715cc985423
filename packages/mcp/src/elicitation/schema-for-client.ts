/**
 * A tool whose argument the server can ask the user for: clients that can be asked (elicitation) see
 * it optional; every other client sees it required, exactly as before, and a call without it is
 * refused by the schema before anything is spent.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { onceInitialized } from '../surface/once-initialized.js';
import { toolArguments } from '../surface/tool-arguments.js';
import { canAsk } from './ask-user.js';

/** `tool` was registered with the lenient schema; `strict` is what clients that cannot be asked get. */
export function requiredUnlessAsked(server: McpServer, tool: RegisteredTool, strict: AnySchema): void {
  const lenient = tool.inputSchema;
  if (!lenient) throw new Error('requiredUnlessAsked needs a tool with an input schema');
  tool.inputSchema = toolArguments(strict);
  onceInitialized(server, () => {
    if (canAsk(server.server)) tool.inputSchema = lenient;
  });
}
