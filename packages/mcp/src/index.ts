/**
 * @room-restyler/mcp — the MCP server for embedding: `createRoomMcpServer` (any transport) and
 * `startHttpServer` (Streamable HTTP). The bin (`room-restyler-mcp`) is the usual way to run it.
 */
export type { HttpServerOptions, RunningHttpServer } from './http/http-server.js';
export { startHttpServer } from './http/http-server.js';
export type { RoomMcpServerOptions } from './options.js';
export { createRoomMcpServer } from './server.js';
