/** The vocabulary as a resource: styles, room types and enhance modes with human labels. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MODES, ROOM_TYPES, STYLES } from '@room-restyler/core';
import type { Registry } from '../surface/registry.js';

export const CATALOG_URI = 'room-restyler://catalog';

export function registerCatalogResource(server: McpServer, registry: Registry): void {
  registry.resource(CATALOG_URI, (uri) =>
    server.registerResource(
      'catalog',
      uri,
      {
        title: 'Styles and room types',
        description: 'Known interior styles, room types and enhance modes (id + label). Free text styles are accepted too.',
        mimeType: 'application/json',
      },
      (uri) => ({
        contents: [
          {
            uri: uri.href,
            mimeType: 'application/json',
            text: JSON.stringify(
              { styles: STYLES, room_types: ROOM_TYPES, modes: MODES, note: 'Each generated image costs 1 credit.' },
              null,
              2,
            ),
          },
        ],
      }),
    ),
  );
}
