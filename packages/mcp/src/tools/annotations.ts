/** Tool hints: generations spend credits and differ each time; reads are safe to repeat. All reach the hosted service. */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

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

export const CREDIT_NOTE = 'Each generated image costs 1 credit of the account (check the balance with `me`).';
