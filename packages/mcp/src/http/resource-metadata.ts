/**
 * OAuth 2.1 protected-resource metadata (RFC 9728), which MCP clients and hosted connectors read to
 * learn how to authenticate: served at `/.well-known/oauth-protected-resource[/mcp]` and named by
 * the `resource_metadata` parameter of every 401's `WWW-Authenticate` challenge — only when an
 * authorization server is configured: metadata naming none sends OAuth clients into a discovery
 * that cannot succeed (the MCP authorization spec requires one).
 */
import type { IncomingMessage } from 'node:http';

export const METADATA_PATH = '/.well-known/oauth-protected-resource';

export interface ResourceMetadataOptions {
  /** The MCP endpoint's public URL (`https://mcp.example.com/mcp`); default: from the request's (allowed) Host. */
  publicUrl?: string | undefined;
  /** Authorization servers issuing tokens for this resource (`authorization_servers`). */
  authorizationServers?: readonly string[] | undefined;
}

/** `resource`: the URL clients use for the endpoint. */
export function resourceUrl(req: IncomingMessage, endpointPath: string, options: ResourceMetadataOptions): URL {
  return new URL(options.publicUrl ?? `http://${req.headers.host ?? 'localhost'}${endpointPath}`);
}

/** Where the metadata of `resource` lives: the well-known path inserted before the resource's path (RFC 9728 §3.1). */
export function metadataUrl(resource: URL): string {
  const path = resource.pathname === '/' ? '' : resource.pathname;
  return `${resource.origin}${METADATA_PATH}${path}`;
}

export function isMetadataPath(path: string): boolean {
  return path === METADATA_PATH || path.startsWith(`${METADATA_PATH}/`);
}

export function resourceMetadata(resource: URL, options: ResourceMetadataOptions): Record<string, unknown> {
  return {
    resource: resource.href,
    ...(options.authorizationServers?.length ? { authorization_servers: [...options.authorizationServers] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'room-restyler MCP server',
    resource_documentation: 'https://github.com/room-restyler/room-restyler/tree/main/packages/mcp#readme',
  };
}

export const hasOAuth = (options: ResourceMetadataOptions) => (options.authorizationServers?.length ?? 0) > 0;

/** The challenge of a 401: a bearer credential, and with OAuth where to read how to get one. */
export function bearerChallenge(resource: URL, options: ResourceMetadataOptions): string {
  return hasOAuth(options) ? `Bearer resource_metadata="${metadataUrl(resource)}"` : 'Bearer realm="room-restyler"';
}
