/**
 * `room-restyler://prediction/{id}/output/{n}`: a result image itself (n from 1), as a blob, for
 * clients that read resources but cannot (or may not) fetch the service's image URLs.
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { predictionOutcome } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { downloadImage } from '../results/download.js';
import type { Registry } from '../surface/registry.js';
import { resourceNotFound } from './not-found.js';
import { predictionReadError } from './prediction.js';

export const outputResourceUri = (requestId: string, n: number) =>
  `room-restyler://prediction/${encodeURIComponent(requestId)}/output/${n}`;

export function registerOutputImageResource(server: McpServer, ctx: ServerContext, registry: Registry): void {
  registry.template(
    server.registerResource(
      'output-image',
      new ResourceTemplate('room-restyler://prediction/{id}/output/{n}', { list: undefined }),
      { title: 'Generated image', description: 'One generated image of a finished job (n counts from 1), as image bytes.' },
      async (uri, variables, extra) => {
        const id = decodeURIComponent(String(variables.id ?? ''));
        const n = Number(variables.n);
        const prediction = await Promise.resolve()
          .then(() => ctx.client().getPrediction(id, { signal: extra.signal }))
          .catch((error: unknown) => {
            throw predictionReadError(uri.href, error);
          });
        if (predictionOutcome(prediction) !== 'succeeded')
          throw resourceNotFound(uri.href, `job ${id} has no images yet (status ${prediction.status})`);
        const url = Number.isInteger(n) && n >= 1 ? prediction.output?.[n - 1] : undefined;
        if (url === undefined) throw resourceNotFound(uri.href, `job ${id} has ${prediction.output?.length ?? 0} image(s)`);
        const image = await downloadImage(ctx.fetch, url, extra.signal).catch((error: unknown) => {
          throw new McpError(
            ErrorCode.InternalError,
            `Could not download the image: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        return { contents: [{ uri: uri.href, mimeType: image.contentType, blob: image.bytes.toString('base64') }] };
      },
    ),
  );
}
