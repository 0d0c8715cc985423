/**
 * `@room-restyler/proxy/node`: the proxy on Node — `toNodeHandler(proxy)` for node:http and
 * Express, `startProxyServer(options)` for a standalone server, `createRoomProxy` with Node's
 * defaults (the installed element's widget, disk + sharp uploads), `serverOriginsOf(socket)` for a
 * Node server of your own calling the fetch handler. Everything Node-only of the proxy lives in this folder.
 */
export type { ConnectionInfo, RoomProxy } from '../proxy.js';
export { createDiskUploadStore, createNodeUploads, type NodeUploadsOptions } from './disk-upload-store.js';
export { elementWidget } from './element-widget.js';
export { type NodeHandler, toNodeHandler } from './handler.js';
export { createRoomProxy, type NodeRoomProxyOptions, type ProxyServer, type ProxyServerOptions, startProxyServer } from './server.js';
export { serverOriginsOf } from './server-origins.js';
export { createSharpImageProcessor } from './sharp-image-processor.js';
