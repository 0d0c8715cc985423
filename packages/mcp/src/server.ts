/** `createRoomMcpServer`: the MCP server with its tools, resources and prompt, ready to connect to any transport. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { studioImageOrigins } from './app/image-origins.js';
import { registerStudio } from './app/studio.js';
import { createContext } from './context.js';
import type { RoomMcpServerOptions } from './options.js';
import { registerStageListingPhotoPrompt } from './prompts/stage-listing-photo.js';
import { registerCatalogResource } from './resources/catalog.js';
import { registerJobsResource } from './resources/jobs.js';
import { registerOutputImageResource } from './resources/output-image.js';
import { registerPredictionResource } from './resources/prediction.js';
import { readResourcesFrom } from './resources/read.js';
import { clientLog } from './surface/client-log.js';
import { ICONS } from './surface/icons.js';
import { Registry } from './surface/registry.js';
import { listToolsAs2020 } from './surface/tool-list.js';
import { stopTasksOnClose, TASKS_CAPABILITY, taskStoreFor } from './tasks/capability.js';
import { registerEnhanceTool } from './tools/enhance.js';
import { registerMeTool } from './tools/me.js';
import { registerOperationTools } from './tools/operation-tools.js';
import { registerPredictionTool } from './tools/prediction.js';
import { registerRecentJobsTool } from './tools/recent-jobs.js';
import { registerRestyleTool } from './tools/restyle.js';
import { registerSaveImagesTool } from './tools/save-images.js';
import { registerStageListingTool } from './tools/stage-listing.js';
import { VERSION } from './version.js';

const SERVER_INSTRUCTIONS =
  'Stage empty rooms (`enhance`, mode staging) and restyle furnished rooms (`restyle`) from room photos; ' +
  'fix a whole photo (`edit_photo`: sky, lighting, window view, upscale, empty room), change, remove or blur things in it ' +
  '(`edit_objects`), or create a room from a sketch or words (`create_room`); a whole listing at once: `stage_listing`. ' +
  'Each generated image costs credits (each tool says how many; `me` shows the balance). Jobs take 10–30 s; if a tool returns before the job is done, ' +
  'call `prediction` with the request id instead of starting a new generation. If a call was interrupted or its outcome is unknown, ' +
  '`recent_jobs` finds the job again; a `stage_listing` call cut off (e.g. timed out) continues, paying nothing twice, ' +
  'when called again with the same photos and styles.';

export function createRoomMcpServer(options: RoomMcpServerOptions = {}): McpServer {
  // The task store goes into the server's options: the SDK answers tasks/get, list, result and cancel from it.
  const tasks = taskStoreFor(options);
  const server = new McpServer(
    { name: 'room-restyler', title: 'Room Restyler', version: VERSION, icons: ICONS },
    {
      instructions: `${SERVER_INSTRUCTIONS}${options.files === 'off' ? '' : ' `save_images` saves a finished job to a folder.'}`,
      capabilities: { logging: {}, ...(tasks ? TASKS_CAPABILITY : {}) },
      ...(tasks ? { taskStore: tasks } : {}),
    },
  );
  if (tasks) stopTasksOnClose(server, tasks);
  const toClient = clientLog(server);
  const ctx = createContext(
    {
      ...options,
      log: (line) => {
        options.log?.(line);
        toClient('info', line);
      },
    },
    tasks,
  );
  // What is registered is also kept here: tools/list and resources/read are answered from it.
  const registry = new Registry();
  const jobTools = [
    registerEnhanceTool(server, ctx, registry),
    registerRestyleTool(server, ctx, registry),
    ...registerOperationTools(server, ctx, registry),
    registerPredictionTool(server, ctx, registry),
    registerStageListingTool(server, ctx, registry),
  ];
  // Over HTTP without --files-root the server writes no files: the tool would only ever refuse.
  if (ctx.files !== 'off') registerSaveImagesTool(server, ctx, registry);
  registerRecentJobsTool(server, ctx, registry);
  registerMeTool(server, ctx, registry);
  registerCatalogResource(server, registry);
  registerJobsResource(server, ctx, registry);
  registerPredictionResource(server, ctx, registry);
  registerOutputImageResource(server, ctx, registry);
  registerStageListingPhotoPrompt(server);
  registerStudio(server, ctx, registry, studioImageOrigins(options), jobTools);
  listToolsAs2020(server, registry.tools, ICONS, options.schemaDialect);
  readResourcesFrom(server, registry);
  // The tools, resources and prompt are fixed: no list ever changes (the SDK announces that they might).
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
  return server;
}
