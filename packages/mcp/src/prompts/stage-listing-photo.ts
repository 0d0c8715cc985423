/** `stage-listing-photo`: the usual listing workflow as one prompt — check credits, stage, show the result. */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ROOM_TYPE_IDS, STYLE_IDS } from '@room-restyler/core';
import { z } from 'zod';

const startingWith = (ids: readonly string[]) => (value: string | undefined) =>
  ids.filter((id) => id.startsWith((value ?? '').toLowerCase()));

/**
 * An optional argument with completion. SDK 1.32 looks for the completer on the inner schema when
 * registering and on the optional wrapper when answering, so both carry it.
 */
function optionalCompletable(description: string, ids: readonly string[]) {
  const complete = startingWith(ids);
  return completable(completable(z.string(), complete).optional().describe(description), complete);
}

export function registerStageListingPhotoPrompt(server: McpServer): void {
  server.registerPrompt(
    'stage-listing-photo',
    {
      title: 'Stage a listing photo',
      description: 'Virtually stage an empty room photo for a real-estate listing, in a chosen style.',
      argsSchema: {
        photo: z.string().describe('Public URL (https://…) or absolute local path of the empty room photo.'),
        style: optionalCompletable(`Interior style, e.g. ${STYLE_IDS.slice(0, 4).join(', ')}.`, STYLE_IDS),
        room_type: optionalCompletable(`Room type, e.g. ${ROOM_TYPE_IDS.slice(0, 4).join(', ')}.`, ROOM_TYPE_IDS),
      },
    },
    ({ photo, style, room_type }) => {
      const source = /^https?:\/\//i.test(photo) ? `image_url "${photo}"` : `image_path "${photo}"`;
      const text = [
        'Please stage this empty room photo for a real-estate listing.',
        '',
        `1. Call \`me\` and tell me how many credits are left (staging costs 1 credit per image). Stop if there are none.`,
        `2. Call \`enhance\` with ${source}, mode "staging"${style ? `, style "${style}"` : ' and a style that suits the room (see the catalog resource)'}${room_type ? `, room_type "${room_type}"` : ''}.`,
        '3. If the result says the job is still running, call `prediction` with its request id until it is done. Never start the generation twice.',
        '4. Show me the staged image(s) and suggest a one-line caption for the listing noting that the photo is virtually staged.',
      ].join('\n');
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  );
}
