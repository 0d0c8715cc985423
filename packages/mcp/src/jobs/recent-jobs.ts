/**
 * What `recent_jobs` and `room-restyler://jobs` show: the jobs this session started (with their
 * inputs) and the account's recent predictions from the service's `GET /api/v1/predictions` —
 * where a job whose start lost its answer, or was started from elsewhere, can be found again.
 */
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { explain } from '../results/error-result.js';
import { toolErrorSchema } from '../results/tool-error.js';
import { jobInputsSchema } from './session-jobs.js';

export const recentJobsSchema = z.object({
  session_jobs: z
    .array(
      z.object({
        request_id: z.string(),
        tool: z.string(),
        inputs: jobInputsSchema,
        started_at: z.string(),
        reconciled: z.boolean().optional().describe("True when the start's answer was lost and the job was found again."),
      }),
    )
    .describe('Jobs started in this session, newest first.'),
  account_jobs: z
    .array(
      z.object({
        request_id: z.string(),
        status: z.string(),
        created_at: z.string(),
        completed_at: z.string().optional(),
        image_count: z.number().int(),
        error: z.string().optional(),
      }),
    )
    .optional()
    .describe("The account's recent jobs from the service, newest first (from every client using the key)."),
  account_jobs_note: z.string().optional().describe('Why the account jobs are missing, when they are.'),
  error: toolErrorSchema.optional(),
});

export type RecentJobs = z.infer<typeof recentJobsSchema>;

export async function recentJobs(ctx: ServerContext, limit: number, signal: AbortSignal): Promise<RecentJobs> {
  const session_jobs = ctx.jobs.list().map((job) => ({ ...job, inputs: { ...job.inputs } }));
  try {
    const { predictions } = await ctx.client().listPredictions({ limit, signal });
    // Newest first by created_at: the service does not document the list's order.
    const newestFirst = [...predictions].sort((a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0));
    const account_jobs = newestFirst.map((p) => ({
      request_id: p.prediction_id,
      status: p.status,
      created_at: p.created_at,
      ...(p.completed_at ? { completed_at: p.completed_at } : {}),
      image_count: p.output?.length ?? 0,
      ...(p.error ? { error: p.error } : {}),
    }));
    return { session_jobs, account_jobs };
  } catch (error) {
    if (signal.aborted) throw error;
    return { session_jobs, account_jobs_note: `The account's list could not be read: ${explain(error)}` };
  }
}

export function describeRecentJobs(jobs: RecentJobs): string {
  const lines = [`This session started ${jobs.session_jobs.length} job(s)${jobs.session_jobs.length ? ':' : '.'}`];
  for (const job of jobs.session_jobs)
    lines.push(
      `- ${job.request_id} (${[job.tool, job.inputs.operation, job.inputs.style].filter(Boolean).join(', ')}, started ${job.started_at})`,
    );
  if (jobs.account_jobs) {
    lines.push(`The account's ${jobs.account_jobs.length} most recent job(s):`);
    for (const job of jobs.account_jobs) lines.push(`- ${job.request_id}: ${job.status}, created ${job.created_at}`);
    lines.push('Follow one with `prediction` (free); never start a new generation to get a job that already exists.');
  } else if (jobs.account_jobs_note) lines.push(jobs.account_jobs_note);
  return lines.join('\n');
}
