/** The key proxy's browser-facing API (openapi/proxy-api.yaml), by name: generated, never written by hand. */
import type { components, paths } from './generated/proxy-api.js';

type Schemas = components['schemas'];

export type ProxyPaths = paths;
export type ProxyErrorCode = Schemas['ErrorCode'];
export type ProxyErrorBody = Schemas['ProxyError'];
export type ProxyLimitErrorBody = Schemas['LimitError'];
export type ProxyUpload = Schemas['Upload'];
export type ProxyGenerationAck = Schemas['ProxyGenerationAck'];
export type ProxyHealth = Schemas['Health'];
