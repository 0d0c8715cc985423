/**
 * Asks for the style or room type a generation needs when the call left it out, as a titled enum of
 * core's vocabulary (`oneOf` of `const`/`title`). Free text still passes when the model gives it.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ROOM_TYPES, STYLES, type VocabularyEntry } from '@room-restyler/core';
import type { ToolExtra } from '../tools/progress.js';
import { askUser, canAsk, notStarted } from './ask-user.js';

export interface Choice {
  field: 'style' | 'room_type';
  title: string;
  description: string;
  entries: readonly VocabularyEntry[];
}

export type Choices = Partial<Record<Choice['field'], string | undefined>>;

export const STYLE_CHOICE: Choice = { field: 'style', title: 'Style', description: 'Interior style of the new images.', entries: STYLES };
export const ROOM_TYPE_CHOICE: Choice = {
  field: 'room_type',
  title: 'Room type',
  description: 'What kind of room the photo shows.',
  entries: ROOM_TYPES,
};

/** `answers` holds what the user chose (nothing when nothing was missing or the client cannot be asked). */
export async function askMissingChoices(
  server: Server,
  extra: ToolExtra,
  needed: readonly Choice[],
  given: Choices,
  purpose: string,
): Promise<{ answers: Choices } | { declined: CallToolResult }> {
  const missing = needed.filter((choice) => !given[choice.field]);
  if (missing.length === 0 || !canAsk(server)) return { answers: {} };
  const names = missing.map((choice) => choice.title.toLowerCase()).join(' and ');
  const content = await askUser(server, extra, {
    message: `${purpose}: which ${names}? (Each generated image costs 1 credit.)`,
    requestedSchema: {
      type: 'object',
      properties: Object.fromEntries(
        missing.map((choice) => [
          choice.field,
          {
            type: 'string',
            title: choice.title,
            description: choice.description,
            oneOf: choice.entries.map((entry) => ({ const: entry.id, title: entry.label })),
          },
        ]),
      ),
      required: missing.map((choice) => choice.field),
    },
  });
  const answers: Choices = {};
  for (const choice of missing) {
    const value = content?.[choice.field];
    if (typeof value !== 'string' || value === '')
      return { declined: notStarted(`the user did not choose a ${names}. Ask them, then call again with it.`) };
    answers[choice.field] = value;
  }
  return { answers };
}
