/** The server's and tools' icon: a small SVG (a sofa in a frame) inline as a data: URI, so no request leaves the client. */
import type { Icon } from '@modelcontextprotocol/sdk/types.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#2f5d50"/>' +
  '<path d="M14 36a4 4 0 0 1 8 0v-6a6 6 0 0 1 6-6h8a6 6 0 0 1 6 6v6a4 4 0 0 1 8 0v10H14z" fill="#f4efe6"/>' +
  '<path d="M18 46v4m28-4v4" stroke="#f4efe6" stroke-width="3" stroke-linecap="round"/></svg>';

export const ICONS: Icon[] = [
  { src: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`, mimeType: 'image/svg+xml', sizes: ['any'] },
];
