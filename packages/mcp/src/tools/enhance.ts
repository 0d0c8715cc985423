/** `enhance`: virtual staging of an empty room (and the service's other enhance modes). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { EnhanceRequest, Mode } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { type Choice, ROOM_TYPE_CHOICE, STYLE_CHOICE } from '../elicitation/missing-choices.js';
import { jobOutputSchema } from '../results/job-output.js';
import type { Registry } from '../surface/registry.js';
import { creditNote, generationAnnotations } from './annotations.js';
import { imageUrlField, jobDeliveryFields, modeField, roomTypeField, styleField, withFileFields } from './fields.js';
import { registerGenerationTool, type SpecFields } from './generation-tool.js';

const TITLE = 'Stage or enhance a room photo';

/** What the user is asked for when missing: staging furnishes a room of some type in some style; emptying needs neither. */
const CHOICES: Record<Mode, readonly Choice[]> = {
  staging: [STYLE_CHOICE, ROOM_TYPE_CHOICE],
  restyle: [STYLE_CHOICE],
  'empty-room': [],
};

export function registerEnhanceTool(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool {
  return registerGenerationTool(server, ctx, registry, {
    name: 'enhance',
    config: {
      title: TITLE,
      description:
        'Virtually stage a photo of an EMPTY room with furniture in a chosen style (mode "staging", e.g. "stage this empty bedroom in scandinavian style"), ' +
        'or use the other modes: "restyle" or "empty-room" (remove the furniture). To change the style of a furnished room, prefer `restyle`. ' +
        `${creditNote(['enhance'])} Takes about 10–30 s; waits up to wait_seconds and reports progress. ` +
        'If it is not done in time, the result gives a request id: call `prediction` with it rather than starting again.',
      inputSchema: withFileFields(ctx.files, {
        image_url: imageUrlField,
        mode: modeField,
        style: styleField.optional(),
        room_type: roomTypeField,
        ...jobDeliveryFields,
      }),
      outputSchema: jobOutputSchema,
      annotations: generationAnnotations(TITLE),
    },
    choices: (args) => CHOICES[args.mode],
    generation: (args) => ({
      tool: 'enhance',
      operation: 'enhance',
      inputs: { image_url: args.image_url, image_path: args.image_path, mode: args.mode, style: args.style, room_type: args.room_type },
      verb: args.mode === 'empty-room' ? 'Emptied' : 'Staged',
      fileWords: [args.mode, args.style, args.room_type],
      fields: { mode: args.mode, style: args.style, room_type: args.room_type } satisfies SpecFields<EnhanceRequest, 'style' | 'room_type'>,
    }),
  });
}
