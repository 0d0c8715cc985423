/** `createRoomMcpServer`: the MCP server with its tools, resources and prompt, ready to connect to any transport. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { studioImageOrigins } from './app/image-origins.js';
import { registerStudio } from './app/studio.js';
import { createContext } from './context.js';
import type { RoomMcpServerOptions } from './options.js';
import { registerStageListingPhotoPrompt } from './prompts/stage-listing-photo.js';
import { registerCatalogResource } from './resources/catalog.js';
import { registerPredictionResource } from './resources/prediction.js';
import { registerEnhanceTool } from './tools/enhance.js';
import { registerMeTool } from './tools/me.js';
import { registerPredictionTool } from './tools/prediction.js';
import { registerRestyleTool } from './tools/restyle.js';
import { VERSION } from './version.js';

const SERVER_INSTRUCTIONS =
  'Stage empty rooms (`enhance`, mode staging) and restyle furnished rooms (`restyle`) from room photos. ' +
  'Each generated image costs 1 credit (`me` shows the balance). Jobs take 10–30 s; if a tool returns before the job is done, ' +
  'call `prediction` with the request id instead of starting a new generation.';

export function createRoomMcpServer(options: RoomMcpServerOptions = {}): McpServer {
  const ctx = createContext(options);
  const server = new McpServer({ name: 'room-restyler', title: 'Room Restyler', version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  const jobTools = [registerEnhanceTool(server, ctx), registerRestyleTool(server, ctx), registerPredictionTool(server, ctx)];
  registerMeTool(server, ctx);
  registerCatalogResource(server);
  registerPredictionResource(server, ctx);
  registerStageListingPhotoPrompt(server);
  registerStudio(server, ctx, studioImageOrigins(options), jobTools);
  return server;
}
