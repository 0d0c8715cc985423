/** The structured result of every generation tool and `prediction`: one shape whether the job is done, running or failed. */
import { z } from 'zod';
import { jobInputsSchema } from '../jobs/session-jobs.js';
import type { ToolError } from './tool-error.js';
import { toolErrorSchema } from './tool-error.js';

export const jobOutputSchema = z.object({
  request_id: z
    .string()
    .describe(
      'The prediction id. Pass it to the `prediction` tool to check on or wait for this job. Empty when the call failed before a job existed.',
    ),
  status: z
    .string()
    .describe('The service status: starting, processing, succeeded, …; not_started when the call failed before starting a job.'),
  done: z.boolean().describe('True when the images are ready.'),
  images: z
    .array(
      z.object({
        url: z.string().describe('URL of the generated image.'),
        resource_uri: z.string().optional().describe('The image as an MCP resource (resources/read returns its bytes).'),
        saved_path: z.string().optional().describe('Where the image was saved, when save_dir was given.'),
      }),
    )
    .describe('The generated images (empty until done).'),
  completed_at: z.string().optional(),
  elapsed_seconds: z.number().describe('Seconds since the job started (or since this tool started following it).'),
  input_image_url: z.string().optional().describe('The photo URL sent to the service (the uploaded copy when image_path was used).'),
  inputs: jobInputsSchema.optional().describe('What the job was asked for, as given to this tool.'),
  credits_charged: z.number().int().optional().describe('Credits this job cost: 1 per generated image.'),
  credits_remaining: z.number().int().optional().describe('The account balance after this job, when it could be read.'),
  next_step: z.string().optional().describe('What to do next when the job is not done yet.'),
  notes: z.array(z.string()).optional().describe('Anything the user should know: previews left out, files not saved, …'),
  error: toolErrorSchema.optional(),
});

export type JobOutput = z.infer<typeof jobOutputSchema>;

/** A failed call in the job shape, so that clients validating against the output schema accept it. */
export function jobErrorContent(error: ToolError): JobOutput {
  return {
    request_id: error.request_id ?? '',
    status: error.request_id ? 'unknown' : 'not_started',
    done: false,
    images: [],
    elapsed_seconds: 0,
    error,
  };
}
