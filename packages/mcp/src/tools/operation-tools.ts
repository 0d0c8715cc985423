/**
 * The service's other generation operations, as three tools by family rather than one tool each:
 * fewer, richer tools keep `tools/list` small in the model's context. Each picks its operation with
 * `operation`; which fields an operation needs is said from core's schema for it, and a call is
 * checked against that schema before anything is spent.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type GenerationOperation,
  generationOperations,
  labelFor,
  OPERATIONS,
  STAGING_ROOM_TYPE_IDS,
  STAGING_STYLE_IDS,
} from '@room-restyler/core';
import { operationInputSchemas } from '@room-restyler/core/schemas';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { jobOutputSchema } from '../results/job-output.js';
import type { Registry } from '../surface/registry.js';
import { creditNote, generationAnnotations } from './annotations.js';
import {
  imageUrlField,
  jobDeliveryFields,
  maskUrlField,
  objectsField,
  promptField,
  roomTypeField,
  styleField,
  viewTypeField,
  withFileFields,
} from './fields.js';
import { registerGenerationTool } from './generation-tool.js';

type Operations = readonly [GenerationOperation, ...GenerationOperation[]];

/** The operations' own fields, all optional: each family offers those its operations take. */
const FIELDS = {
  prompt: promptField,
  objects: objectsField,
  mask_url: maskUrlField,
  view_type: viewTypeField,
  style: styleField.optional(),
  room_type: roomTypeField,
};

interface Family {
  name: string;
  title: string;
  /** What the tool is for, before its operations' cost and the waiting. */
  purpose: string;
  operations: Operations;
  /** The operations' own fields, besides the photo; with `mask_url` comes `mask_path` where files are allowed. */
  fields: readonly (keyof typeof FIELDS)[];
  /** A word on an operation beyond the fields it needs. */
  notes?: Partial<Record<GenerationOperation, string>>;
}

const FAMILIES = [
  {
    name: 'edit_photo',
    title: 'Fix a room or house photo',
    purpose: 'Fix a whole listing photo: clear a grey sky, fix the lighting, put a view in the windows, upscale it, or empty the room.',
    operations: ['clearSky', 'lighting', 'windowView', 'upscale', 'emptyRoom'],
    fields: ['view_type'],
    notes: { clearSky: 'exteriors' },
  },
  {
    name: 'edit_objects',
    title: 'Edit, remove or blur things in a photo',
    purpose:
      'Change part of a photo: edit it as a sentence says, repaint or change a masked area, remove objects, or blur them (faces, license plates: privacy on public listings).',
    operations: ['edit', 'inpaint', 'modify', 'removeObjects', 'blurObjects'],
    fields: ['prompt', 'objects', 'mask_url'],
  },
  {
    name: 'create_room',
    title: 'Create a room from a sketch or words',
    purpose:
      'Create a room image from a sketch (image_url is the sketch), from a description alone (no photo), or furnish an empty room photo with the staging endpoint.',
    operations: ['sketchToImage', 'sketch', 'freestyle', 'generateFromText', 'stage'],
    fields: ['prompt', 'style', 'room_type'],
    notes: {
      stage: `style one of ${STAGING_STYLE_IDS.join(', ')}; room_type one of ${STAGING_ROOM_TYPE_IDS.join(', ')}; \`enhance\` takes any style`,
    },
  },
] as const satisfies readonly Family[];

/** Every operation of the spec has a tool: one added to the spec stops the compile here until a family takes it. */
type Reachable = 'enhance' | 'restyle' | (typeof FAMILIES)[number]['operations'][number];
const everyOperationReachable = <Missing extends never>(missing?: Missing) => missing;
everyOperationReachable<Exclude<GenerationOperation, Reachable>>();

/** Each operation with what it does and the fields its body needs (from core's schema for it). */
function operationsHelp(family: Family): string {
  return family.operations
    .map((operation) => {
      const shape = operationInputSchemas[operation].shape;
      const needs = Object.entries(shape)
        .filter(([field, schema]) => field !== 'image_url' && schema._zod.optin !== 'optional')
        .map(([field]) => (field === 'mask_url' ? 'a mask' : field));
      const words = [
        labelFor(OPERATIONS, operation).toLowerCase(),
        ...('image_url' in shape ? [] : ['no photo']),
        ...(needs.length ? [`needs ${needs.join(' and ')}`] : []),
        ...(family.notes?.[operation] ? [family.notes[operation]] : []),
      ];
      return `${operation}: ${words.join('; ')}.`;
    })
    .join(' ');
}

export function registerOperationTools(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool[] {
  return FAMILIES.map((family) => registerFamily(server, ctx, registry, family));
}

function registerFamily(server: McpServer, ctx: ServerContext, registry: Registry, family: Family): RegisteredTool {
  // Every field is optional, so offering only the family's leaves the arguments' type as it is.
  const offered = Object.fromEntries(family.fields.map((field) => [field, FIELDS[field]])) as typeof FIELDS;
  const shape = {
    operation: z.enum(family.operations).describe(operationsHelp(family)),
    image_url: imageUrlField,
    ...offered,
    ...jobDeliveryFields,
  };
  return registerGenerationTool(server, ctx, registry, {
    name: family.name,
    config: {
      title: family.title,
      description:
        `${family.purpose} ${creditNote(family.operations)} Takes about 10–30 s; waits up to wait_seconds and reports progress. ` +
        'If it is not done in time, the result gives a request id: call `prediction` with it rather than starting again.',
      inputSchema: withFileFields(ctx.files, shape, family.fields.includes('mask_url')),
      outputSchema: jobOutputSchema,
      annotations: generationAnnotations(family.title),
    },
    choices: () => [],
    generation: (args) => {
      const fields = {
        prompt: args.prompt,
        view_type: args.view_type,
        objects: args.objects,
        style: args.style,
        room_type: args.room_type,
      };
      return {
        tool: family.name,
        operation: args.operation,
        verb: labelFor(OPERATIONS, args.operation),
        inputs: {
          operation: args.operation,
          image_url: args.image_url,
          image_path: args.image_path,
          mask_url: args.mask_url,
          mask_path: args.mask_path,
          ...fields,
        },
        // The path names the operation in words: clear-sky, window-view.
        fileWords: [generationOperations[args.operation].path.split('/').pop(), args.view_type, args.style, args.room_type],
        fields,
      };
    },
  });
}
