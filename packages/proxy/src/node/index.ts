/** `@room-restyler/proxy/node`: everything Node-only of the proxy. */
export { createProxyAdmin, type ProxyAdminOptions } from '../admin/admin.js';
export type { AdminContext, AnsweredRequest, ProxyAdmin, ProxyObserver, UpstreamCall } from '../metrics/observer.js';
export type { ConnectionInfo, RoomProxy } from '../proxy.js';
export { createDiskUploadStore, createNodeUploads, type NodeUploadsOptions } from './disk-upload-store.js';
export { elementWidget } from './element-widget.js';
export { type NodeHandler, serverOriginsOf, toNodeHandler } from './handler.js';
export { createRoomProxy, type NodeRoomProxyOptions, type ProxyServer, type ProxyServerOptions, startProxyServer } from './server.js';
export { createSharpImageProcessor } from './sharp-image-processor.js';
