/** `enhance`: virtual staging of an empty room (and the service's other enhance modes). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { EnhanceRequest } from '@room-restyler/core';
import { specBody } from '@room-restyler/core/internal';
import type { ServerContext } from '../context.js';
import { jobOutputSchema } from '../results/job-output.js';
import { CREDIT_NOTE, generationAnnotations } from './annotations.js';
import { imagePathField, imageUrlField, jobDeliveryFields, modeField, roomTypeField, styleField } from './fields.js';
import { runGeneration } from './generation.js';

const TITLE = 'Stage or enhance a room photo';

export function registerEnhanceTool(server: McpServer, ctx: ServerContext): RegisteredTool {
  return server.registerTool(
    'enhance',
    {
      title: TITLE,
      description:
        'Virtually stage a photo of an EMPTY room with furniture in a chosen style (mode "staging", e.g. "stage this empty bedroom in scandinavian style"), ' +
        'or use the other modes: "restyle" or "empty-room" (remove the furniture). To change the style of a furnished room, prefer `restyle`. ' +
        `${CREDIT_NOTE} Takes about 10–30 s; waits up to wait_seconds and reports progress. ` +
        'If it is not done in time, the result gives a request id: call `prediction` with it rather than starting again.',
      inputSchema: {
        image_url: imageUrlField,
        image_path: imagePathField,
        mode: modeField,
        style: styleField.optional(),
        room_type: roomTypeField,
        ...jobDeliveryFields,
      },
      outputSchema: jobOutputSchema,
      annotations: generationAnnotations(TITLE),
    },
    (args, extra) =>
      runGeneration(ctx, args, extra, {
        verb: args.mode === 'empty-room' ? 'Emptied' : 'Staged',
        fileWords: [args.mode, args.style, args.room_type],
        body: (image_url) => specBody<EnhanceRequest>({ image_url, mode: args.mode, style: args.style, room_type: args.room_type }),
        start: (client, body, options) => client.enhance(body, options),
      }),
  );
}
