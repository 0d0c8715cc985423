/** The vocabulary as a resource: styles, room types and enhance modes with human labels. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MODES, ROOM_TYPES, STYLES } from '@room-restyler/core';

export const CATALOG_URI = 'room-restyler://catalog';

export function registerCatalogResource(server: McpServer): void {
  server.registerResource(
    'catalog',
    CATALOG_URI,
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
  );
}
