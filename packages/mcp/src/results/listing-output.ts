/** The structured result of `stage_listing`: each photo × style with its outcome, and the totals. */
import { z } from 'zod';
import type { ErrorContent } from './error-result.js';
import type { ToolError } from './tool-error.js';

// The schema names what a program acts on, loosely: tools/list stays within twice its size before issue 29
// (surface/tool-list-size.test.ts); every field is in ListingOutput.
export const listingOutputSchema = z
  .object({
    status: z.enum(['completed', 'cancelled', 'not_started']),
    items: z.array(
      z
        .object({ id: z.string(), status: z.string(), charged: z.boolean(), images: z.array(z.object({ url: z.string() }).loose()) })
        .loose(),
    ),
    credits_charged: z.number().int(),
    credits_remaining: z.number().int().optional(),
    error: z.object({ code: z.string(), message: z.string() }).loose().optional(),
  })
  .loose()
  .describe('items: one per photo × style; charged: its job was made (or may have been).');

export interface ListingItem {
  id: string;
  photo: string;
  /** The "before": the photo as the service fetched it. */
  photo_url: string;
  style: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  request_id?: string;
  images: { url: string; saved_path?: string }[];
  error?: string;
  charged: boolean;
}

export interface ListingOutput {
  status: 'completed' | 'cancelled' | 'not_started';
  items: ListingItem[];
  succeeded: number;
  failed: number;
  cancelled: number;
  credits_planned?: number;
  credits_charged: number;
  credits_remaining?: number;
  error?: ToolError;
}

export const listingErrorContent: ErrorContent = (error) =>
  ({ status: 'not_started', items: [], succeeded: 0, failed: 0, cancelled: 0, credits_charged: 0, error }) satisfies ListingOutput;
