/**
 * The jobs started through one MCP session (one server: a stdio process, or an HTTP session),
 * newest first and bounded, so `recent_jobs` can always give back the id of a job that was paid
 * for, even when the client gave up on the call that started it.
 */

export interface JobInputs {
  image_url?: string | undefined;
  image_path?: string | undefined;
  mode?: string | undefined;
  style?: string | undefined;
  room_type?: string | undefined;
}

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

  add(job: SessionJob): void {
    this.jobs.unshift(job);
    this.jobs.length = Math.min(this.jobs.length, MAX_SESSION_JOBS);
  }

  list(): readonly SessionJob[] {
    return this.jobs;
  }
}
