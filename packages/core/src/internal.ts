/**
 * `@room-restyler/core/internal`: helpers the kit's own packages share (the proxy, the element,
 * the MCP server). Not part of the documented API: it may change in any release.
 */

export type { BaseUrlCheck } from './base-url.js';
export { normalizeBaseUrl } from './base-url.js';
export { DEFAULT_CALL_TIMEOUT_MS } from './client.js';
export { learningFollow } from './duration-history.js';
export type { ErrorContext } from './error-from-response.js';
export { briefWording, errorFromResponse, redact, redactValue } from './error-from-response.js';
export type { FollowOptions, FollowStep, FollowStop, FollowStopReason, JobFollow, PollResult } from './follow.js';
export { createJobFollow, stopDetail } from './follow.js';
export type { ImageType } from './image-type.js';
export { ACCEPTED_IMAGE_TYPES, sniffImageType } from './image-type.js';
export type { IpAddress } from './ip-address.js';
export { formatIp, networkOf, parseIp, unmapIp } from './ip-address.js';
export { pollDelayMs } from './poll-schedule.js';
export { generationFailed } from './prediction.js';
export { PROXY_PATHS } from './proxy-client.js';
export type { PublicUrlOptions, UrlCheck } from './public-url.js';
export { checkPublicUrl, isPublicAddress } from './public-url.js';
export { parseRetryAfter } from './retry-after.js';
export type { WithOptionalUndefined } from './spec-body.js';
export { specBody } from './spec-body.js';
export * from './start/index.js';
export { isHttpUrl, isUri } from './uri.js';
