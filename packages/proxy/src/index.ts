/**
 * `@room-restyler/proxy`: the fetch-standard key proxy (`createRoomProxy`) and the types a site
 * needs to configure it or to plug in its own store, upload store or image processor. Node,
 * Hono and Next.js adapters are the `./node`, `./hono` and `./nextjs` subpaths; Redis is `./redis`.
 */
export type { Limits } from './limits/limits.js';
export type { LogEntry, Logger } from './log.js';
export { silentLogger } from './log.js';
export type { AuthorizeContext, AuthorizeHook, AuthorizeRoute, JobOptions, RoomProxyOptions, UploadsOptions } from './options.js';
export type { ConnectionInfo, RoomProxy } from './proxy.js';
export { createRoomProxy } from './proxy.js';
export type { TrustProxy } from './security/trusted-proxy.js';
export type { CookieOptions } from './security/visitor-cookie.js';
export type { HitResult, ProxyStore, Unsubscribe } from './state/store.js';
export type { ImageLimits, ImageProcessor, ProcessedImage, StoredUpload, UploadStore } from './uploads/interfaces.js';
export { ImageRejectedError, UploadStoreFullError } from './uploads/interfaces.js';
export type { WidgetBundle, WidgetSource } from './widget/widget-source.js';
