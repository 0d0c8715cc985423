/** The fetch-standard key proxy and the types a site plugs in; Node, Hono, Next.js and Redis are subpaths. */
export type { Limits } from './limits/limits.js';
export type { LogEntry, Logger } from './log.js';
export { silentLogger } from './log.js';
export type { AdminContext, AnsweredRequest, ProxyAdmin, ProxyObserver, UpstreamCall } from './metrics/observer.js';
export type { AuthorizeContext, AuthorizeHook, AuthorizeRoute, JobOptions, RoomProxyOptions, UploadsOptions } from './options.js';
export type { ConnectionInfo, RoomProxy } from './proxy.js';
export { createRoomProxy } from './proxy.js';
export type { TrustProxy } from './security/trusted-proxy.js';
export type { CookieOptions } from './security/visitor-cookie.js';
export type { HitResult, ProxyStore, Unsubscribe } from './state/store.js';
export type { ImageLimits, ImageProcessor, ProcessedImage, StoredUpload, UploadStore } from './uploads/interfaces.js';
export { ImageRejectedError, UploadStoreFullError } from './uploads/interfaces.js';
export type { WidgetBundle, WidgetSource } from './widget/widget-source.js';
