/** What the studio reads from the tools' arguments and results. */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { OPERATIONS } from '@room-restyler/core/vocabulary';
import type { JobOutput } from '../../src/results/job-output.js';
import type { ListingOutput } from '../../src/results/listing-output.js';

/** A generation as the tools take it: what is sent again for "try another style". */
export interface JobRequest {
  operation: 'enhance' | 'restyle';
  /** enhance only: staging, restyle or empty-room. */
  mode?: string | undefined;
  style: string;
  roomType: string;
  /** A call of another operation (`edit_photo`, …): what its results are labelled with instead of a style, e.g. "Clear the sky". */
  done?: string | undefined;
}

/** The photo and choices of a tool call's arguments (`prediction` has none). */
export function requestFromInput(
  toolName: string | undefined,
  args: Record<string, unknown> = {},
): { photo?: string; request: JobRequest } {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  // A listing is made with enhance (staging or restyle), in its first style until the user picks another.
  const listing = toolName === 'stage_listing';
  const operation = toolName === 'enhance' || listing ? 'enhance' : 'restyle';
  const photo = text(args.image_url);
  return {
    ...(photo ? { photo } : {}),
    request: {
      operation,
      mode: operation === 'enhance' ? (text(args.mode) ?? 'staging') : undefined,
      style: text(args.style) ?? (listing && Array.isArray(args.styles) ? text(args.styles[0]) : undefined) ?? 'modern',
      roomType: text(args.room_type) ?? 'living_room',
      done: OPERATIONS.find((entry) => entry.id === args.operation)?.label,
    },
  };
}

/** A job tool's outcome: images, a job to follow, or the server's words on what went wrong. */
export type JobOutcome = { kind: 'done'; output: JobOutput } | { kind: 'pending'; output: JobOutput } | { kind: 'failed'; message: string };

export function outcomeOf(result: CallToolResult): JobOutcome {
  const output = result.structuredContent as JobOutput | undefined;
  if (result.isError || !output) return { kind: 'failed', message: textOf(result) };
  return { kind: output.done ? 'done' : 'pending', output };
}

/** The text of a result: what a host without the app shows, and the app's error message. */
export function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

/** A `stage_listing` result: its items (photo × style), each with its "before" and its images. */
export function listingOf(result: CallToolResult): ListingOutput | undefined {
  const output = result.structuredContent as Partial<ListingOutput> | undefined;
  return !result.isError && Array.isArray(output?.items) ? (output as ListingOutput) : undefined;
}
