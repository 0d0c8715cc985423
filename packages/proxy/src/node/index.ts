/**
 * `@room-restyler/proxy/node`: `toNodeHandler(proxy)` for node:http and Express, `startProxyServer`,
 * `createRoomProxy` with Node's defaults (the installed element's widget, disk + sharp uploads), and
 * `serverOriginsOf(socket)` for a Node server of your own calling the fetch handler.
 */
export type { ConnectionInfo, RoomProxy } from '../proxy.js';
export { createDiskUploadStore, createNodeUploads, type NodeUploadsOptions } from './disk-upload-store.js';
export { elementWidget } from './element-widget.js';
export { type NodeHandler, serverOriginsOf, toNodeHandler } from './handler.js';
export { createRoomProxy, type NodeRoomProxyOptions, type ProxyServer, type ProxyServerOptions, startProxyServer } from './server.js';
export { createSharpImageProcessor } from './sharp-image-processor.js';
