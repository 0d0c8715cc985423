/**
 * What this server registered, as the SDK's public register methods returned it. McpServer keeps
 * its own table private; `tools/list` (surface/tool-list.ts) and `resources/read`
 * (resources/read.ts) are answered from this one, so the server uses only the SDK's public API.
 */
import type { RegisteredResource, RegisteredResourceTemplate, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toolArguments } from './tool-arguments.js';

export class Registry {
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #resources = new Map<string, RegisteredResource>();
  readonly #templates: RegisteredResourceTemplate[] = [];

  /** Registers a tool through `register` (given the name) and keeps it under that name; its arguments are checked by the tool (tool-arguments.ts). */
  tool<T extends RegisteredTool>(name: string, register: (name: string) => T): T {
    const tool = register(name);
    if (tool.inputSchema) tool.inputSchema = toolArguments(tool.inputSchema);
    this.#tools.set(name, tool);
    return tool;
  }

  /** Registers a resource at a fixed address through `register` (given the address) and keeps it. */
  resource(uri: string, register: (uri: string) => RegisteredResource): RegisteredResource {
    const resource = register(uri);
    // The SDK keys it by the URL's serialization: looked up the same way.
    this.#resources.set(new URL(uri).href, resource);
    return resource;
  }

  /** Keeps a registered resource template; templates are matched in the order they were registered. */
  template(template: RegisteredResourceTemplate): RegisteredResourceTemplate {
    this.#templates.push(template);
    return template;
  }

  get tools(): ReadonlyMap<string, RegisteredTool> {
    return this.#tools;
  }

  get resources(): ReadonlyMap<string, RegisteredResource> {
    return this.#resources;
  }

  get templates(): readonly RegisteredResourceTemplate[] {
    return this.#templates;
  }
}
