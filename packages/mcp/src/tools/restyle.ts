/** `restyle`: a furnished room in another interior style, keeping its layout and furniture. */

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RestyleRequest } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { STYLE_CHOICE } from '../elicitation/missing-choices.js';
import { requiredUnlessAsked } from '../elicitation/schema-for-client.js';
import { jobOutputSchema } from '../results/job-output.js';
import type { Registry } from '../surface/registry.js';
import { creditNote, generationAnnotations } from './annotations.js';
import { imageUrlField, jobDeliveryFields, roomTypeField, styleField, withFileFields } from './fields.js';
import { registerGenerationTool, type SpecFields } from './generation-tool.js';

const TITLE = 'Restyle a furnished room';

const SHAPE = { image_url: imageUrlField, style: styleField.optional(), room_type: roomTypeField, ...jobDeliveryFields };

export function registerRestyleTool(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool {
  const tool = registerGenerationTool(server, ctx, registry, {
    name: 'restyle',
    config: {
      title: TITLE,
      description:
        'Restyle a photo of a FURNISHED room into another interior style while keeping its layout and furniture ' +
        '(e.g. "make my living room japandi"). For an EMPTY room that needs furniture, use `enhance` with mode "staging" instead. ' +
        `${creditNote(['restyle'])} Takes about 10–30 s; waits up to wait_seconds and reports progress. ` +
        'If it is not done in time, the result gives a request id: call `prediction` with it rather than restyling again.',
      inputSchema: withFileFields(ctx.files, SHAPE),
      outputSchema: jobOutputSchema,
      annotations: generationAnnotations(TITLE),
    },
    choices: () => [STYLE_CHOICE],
    generation: (args) => ({
      tool: 'restyle',
      operation: 'restyle',
      inputs: { image_url: args.image_url, image_path: args.image_path, style: args.style, room_type: args.room_type },
      verb: 'Restyled',
      fileWords: ['restyle', args.style, args.room_type],
      fields: { style: args.style, room_type: args.room_type } satisfies SpecFields<RestyleRequest, 'style'>,
    }),
  });
  // Clients that cannot be asked for a style must give one, as before.
  requiredUnlessAsked(server, tool, withFileFields(ctx.files, { ...SHAPE, style: styleField }));
  return tool;
}
