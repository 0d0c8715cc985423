/**
 * The jobs started through one MCP session (one server: a stdio process, or an HTTP session),
 * newest first and bounded, so `recent_jobs` can always give back the id of a job that was paid
 * for, even when the client gave up on the call that started it.
 */
import { z } from 'zod';
import { fileStem } from '../results/save.js';

/** What a generation was asked for: echoed in its result and listed by `recent_jobs`. */
export const jobInputsSchema = z.object({
  operation: z.string().optional(),
  image_url: z.string().optional(),
  image_path: z.string().optional(),
  mask_url: z.string().optional(),
  mask_path: z.string().optional(),
  mode: z.string().optional(),
  style: z.string().optional(),
  room_type: z.string().optional(),
  view_type: z.string().optional(),
  prompt: z.string().optional(),
  objects: z.array(z.string()).optional(),
});

export type JobInputs = z.infer<typeof jobInputsSchema>;

export interface SessionJob {
  request_id: string;
  tool: string;
  inputs: JobInputs;
  /** ISO time the start was sent. */
  started_at: string;
  /** True when the start's answer was lost and the job was found again in the account's list. */
  reconciled?: boolean | undefined;
}

const MAX_SESSION_JOBS = 100;

export class SessionJobs {
  private readonly jobs: SessionJob[] = [];
  /** How each job's saved files are named (`restyle-japandi-living-room-<id>`), for `save_images` and `prediction` later. */
  private readonly stems = new Map<string, string>();

  add(job: SessionJob, fileStem: string): void {
    this.jobs.unshift(job);
    this.stems.set(job.request_id, fileStem);
    for (const dropped of this.jobs.splice(MAX_SESSION_JOBS)) this.stems.delete(dropped.request_id);
  }

  /** The file name stem of a job of this session; for another job, one from its id. */
  fileStem(requestId: string): string {
    return this.stems.get(requestId) ?? fileStem(['prediction'], requestId);
  }

  get(requestId: string): SessionJob | undefined {
    return this.jobs.find((job) => job.request_id === requestId);
  }

  list(): readonly SessionJob[] {
    return this.jobs;
  }
}
