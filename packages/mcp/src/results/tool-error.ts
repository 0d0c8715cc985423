/** The facts of a failed tool call that a program acts on, as they appear in the result's structured content. */
import { z } from 'zod';

export const toolErrorSchema = z
  .object({
    code: z
      .string()
      .describe('Stable error code: setup, invalid_input, upload_failed, outcome_unknown, insufficient_credits, rate_limited, …'),
    message: z.string().describe('What went wrong and what to do, as shown to the user.'),
    retryable: z.boolean().describe('True when the same call may simply be made again (never once a job may exist: that would pay twice).'),
    retry_after_s: z.number().int().optional().describe('Seconds to wait before trying again, when the service said.'),
    credits_remaining: z.number().int().optional().describe('The balance, when the service reported it with the error.'),
    request_id: z.string().optional().describe('The job this call started, when there is one: follow it with `prediction`.'),
  })
  .describe('Present when the call failed (isError).');

export type ToolError = z.infer<typeof toolErrorSchema>;
