/** `prediction://{id}`: the raw prediction of a job, for clients that browse resources. */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { NotFoundError } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { explain } from '../results/error-result.js';
import type { Registry } from '../surface/registry.js';
import { resourceNotFound } from './not-found.js';

export function registerPredictionResource(server: McpServer, ctx: ServerContext, registry: Registry): void {
  registry.template(
    server.registerResource(
      'prediction',
      new ResourceTemplate('prediction://{id}', { list: undefined }),
      {
        title: 'Generation job',
        description: 'The current state of a generation job by its request id: status, output image URLs, completion time.',
        mimeType: 'application/json',
      },
      async (uri, variables, extra) => {
        const id = String(variables.id ?? '');
        try {
          const prediction = await ctx.client().getPrediction(decodeURIComponent(id), { signal: extra.signal });
          return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(prediction, null, 2) }] };
        } catch (error) {
          throw predictionReadError(uri.href, error);
        }
      },
    ),
  );
}

/** An unknown prediction is an unknown resource (−32002); anything else an internal error that says what to fix. */
export function predictionReadError(uri: string, error: unknown): McpError {
  const text = explain(error, { lookingFor: 'prediction' });
  return error instanceof NotFoundError ? resourceNotFound(uri, text) : new McpError(ErrorCode.InternalError, text);
}
