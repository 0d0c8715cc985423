/**
 * The MCP App (`ui://room-restyler/studio.html`): the widget's compare, gallery, style cards and
 * drop zone as an interactive view of every generation tool's and `prediction`'s results, for hosts
 * that render MCP Apps. Offered only to clients that declare the extension at `initialize`:
 * others list the same tools and resources, and get the same results, as without it.
 */
import { readFile } from 'node:fs/promises';
import type { RESOURCE_MIME_TYPE as EXT_APPS_MIME_TYPE, McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ServerContext } from '../context.js';
import { onceInitialized } from '../surface/once-initialized.js';
import type { Registry } from '../surface/registry.js';
import { registerUploadPhotoTool } from './upload-photo.js';

export const STUDIO_URI = 'ui://room-restyler/studio.html';
/** The extension's MIME type; its type is the official constant's, so a change there fails the compile. */
export const STUDIO_MIME_TYPE: typeof EXT_APPS_MIME_TYPE = 'text/html;profile=mcp-app';
/** The key of the MCP Apps extension in the client's `capabilities.extensions`. */
const EXTENSION_ID = 'io.modelcontextprotocol/ui';
/**
 * Built by `pnpm build` (Vite, from packages/mcp/app) into dist/app/studio.html. This module runs from
 * src/app or dist/app (the first path) and inside the bundled server, dist/room-restyler-mcp.cjs (the second).
 */
const HTML_FILES = ['../../dist/app/studio.html', './app/studio.html'].map((path) => new URL(path, import.meta.url));

export function registerStudio(
  server: McpServer,
  ctx: ServerContext,
  registry: Registry,
  imageOrigins: readonly string[],
  tools: RegisteredTool[],
): void {
  const ui: McpUiResourceMeta = {
    // Images only from these origins; the app fetches a result from them only to label its download.
    csp: { resourceDomains: [...imageOrigins], connectDomains: [...imageOrigins] },
    prefersBorder: true,
  };
  const resource = registry.resource(STUDIO_URI, (uri) =>
    server.registerResource(
      'studio',
      uri,
      {
        title: 'Room Restyler studio',
        description: 'Before/after compare, results gallery and style picker for the results of every generation tool and prediction.',
        mimeType: STUDIO_MIME_TYPE,
        _meta: { ui },
      },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: STUDIO_MIME_TYPE, text: await studioHtml(), _meta: { ui } }] }),
    ),
  );
  const upload = registerUploadPhotoTool(server, ctx, registry);

  resource.enabled = upload.enabled = false;
  onceInitialized(server, () => {
    if (!rendersApps(server.server.getClientCapabilities())) return;
    // Before the client lists anything, so no list-changed notification is due.
    resource.enabled = upload.enabled = true;
    for (const tool of tools) tool._meta = { ...tool._meta, ui: { resourceUri: STUDIO_URI } };
  });
}

function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const ui = capabilities?.extensions?.[EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(STUDIO_MIME_TYPE);
}

let html: Promise<string> | undefined;

/** Read once per process; a checkout that was never built says how to build it. */
function studioHtml(): Promise<string> {
  html ??= Promise.any(HTML_FILES.map((file) => readFile(file, 'utf8'))).catch(() => {
    html = undefined;
    throw new McpError(ErrorCode.InternalError, 'The studio app is not built: run `pnpm build` in the room-restyler checkout.');
  });
  return html;
}
