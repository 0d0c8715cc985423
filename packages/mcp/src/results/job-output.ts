/** The structured result of `enhance`, `restyle` and `prediction`: one shape whether the job is done or not. */
import { z } from 'zod';

export const jobOutputSchema = z.object({
  request_id: z.string().describe('The prediction id. Pass it to the `prediction` tool to check on or wait for this job.'),
  status: z.string().describe('The service status: starting, processing, succeeded, …'),
  done: z.boolean().describe('True when the images are ready.'),
  images: z
    .array(
      z.object({
        url: z.string().describe('URL of the generated image.'),
        saved_path: z.string().optional().describe('Where the image was saved, when save_dir was given.'),
      }),
    )
    .describe('The generated images (empty until done).'),
  completed_at: z.string().optional(),
  elapsed_seconds: z.number().describe('Seconds since the job started (or since this tool started following it).'),
  input_image_url: z.string().optional().describe('The photo URL sent to the service (the uploaded copy when image_path was used).'),
  next_step: z.string().optional().describe('What to do next when the job is not done yet.'),
  notes: z.array(z.string()).optional().describe('Anything the user should know: previews left out, files not saved, …'),
});

export type JobOutput = z.infer<typeof jobOutputSchema>;
