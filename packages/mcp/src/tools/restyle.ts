/** `restyle`: a furnished room in another interior style, keeping its layout and furniture. */

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RestyleRequest } from '@room-restyler/core';
import { specBody } from '@room-restyler/core/internal';
import type { ServerContext } from '../context.js';
import { jobOutputSchema } from '../results/job-output.js';
import { CREDIT_NOTE, generationAnnotations } from './annotations.js';
import { imagePathField, imageUrlField, jobDeliveryFields, roomTypeField, styleField } from './fields.js';
import { runGeneration } from './generation.js';

const TITLE = 'Restyle a furnished room';

export function registerRestyleTool(server: McpServer, ctx: ServerContext): RegisteredTool {
  return server.registerTool(
    'restyle',
    {
      title: TITLE,
      description:
        'Restyle a photo of a FURNISHED room into another interior style while keeping its layout and furniture ' +
        '(e.g. "make my living room japandi"). For an EMPTY room that needs furniture, use `enhance` with mode "staging" instead. ' +
        `${CREDIT_NOTE} Takes about 10–30 s; waits up to wait_seconds and reports progress. ` +
        'If it is not done in time, the result gives a request id: call `prediction` with it rather than restyling again.',
      inputSchema: {
        image_url: imageUrlField,
        image_path: imagePathField,
        style: styleField,
        room_type: roomTypeField,
        ...jobDeliveryFields,
      },
      outputSchema: jobOutputSchema,
      annotations: generationAnnotations(TITLE),
    },
    (args, extra) =>
      runGeneration(ctx, args, extra, {
        verb: 'Restyled',
        fileWords: ['restyle', args.style, args.room_type],
        body: (image_url) => specBody<RestyleRequest>({ image_url, style: args.style, room_type: args.room_type }),
        start: (client, body, options) => client.restyle(body, options),
      }),
  );
}
