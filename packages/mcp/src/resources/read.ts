/**
 * `resources/read` from the registry: the SDK's own handler answers −32602 (invalid params) for an
 * address that matches no resource and no template, where the MCP specification asks for −32002.
 * It is replaced through the public `setRequestHandler`, with the SDK's lookup: the resource at
 * that exact address, else the first template that matches it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Registry } from '../surface/registry.js';
import { resourceNotFound } from './not-found.js';

/** Call after the first resource is registered: the SDK installs its own handler then, and refuses one set before. */
export function readResourcesFrom(server: McpServer, registry: Registry): void {
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = new URL(request.params.uri);
    const resource = registry.resources.get(uri.href);
    if (resource?.enabled) return resource.readCallback(uri, extra);
    if (!resource)
      for (const template of registry.templates) {
        const variables = template.resourceTemplate.uriTemplate.match(uri.href);
        if (variables) return template.readCallback(uri, variables, extra);
      }
    throw resourceNotFound(uri.href, 'no resource has that address (see resources/list and resources/templates/list)');
  });
}
