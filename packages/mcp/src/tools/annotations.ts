/** Tool hints: generations spend credits and differ each time; reads are safe to repeat. All reach the hosted service. */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { type GenerationOperation, operationCredits } from '@room-restyler/core';
import { creditsWord } from '../elicitation/spend-guard.js';

export const generationAnnotations = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
});

export const readAnnotations = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: true,
});

/** What a tool's operations cost, from the spec's `x-credits`: one figure when they all cost the same. */
export function creditNote(operations: readonly GenerationOperation[]): string {
  const costs = new Set(operations.map((operation) => operationCredits[operation]));
  const cost =
    costs.size === 1
      ? creditsWord(operationCredits[operations[0] ?? 'enhance'])
      : `credits by operation (${operations.map((operation) => `${operation} ${operationCredits[operation]}`).join(', ')})`;
  return `Each generated image costs ${cost} of the account (check the balance with \`me\`).`;
}
