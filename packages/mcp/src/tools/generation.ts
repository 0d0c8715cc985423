/**
 * The shared run of `enhance` and `restyle`: resolve the photo (URL or uploaded local file), start
 * the job once (one idempotency key per tool call, no blind retry), wait within the budget with
 * progress, then present the images — or the id to follow up with `prediction`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  estimateRemainingMs,
  GenerationFailedError,
  type GenerationStarted,
  type RoomClient,
  type StartOptions,
} from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { plannedDir } from '../files/file-access.js';
import type { JobInputs } from '../jobs/session-jobs.js';
import { startReconciled } from '../jobs/start-once.js';
import { errorResult } from '../results/error-result.js';
import { failedJobResult } from '../results/failed-job.js';
import { jobErrorContent } from '../results/job-output.js';
import { presentJob } from '../results/job-result.js';
import { fileStem } from '../results/save.js';
import { uploadLocalImage } from '../uploads/upload.js';
import { InputError } from '../user-errors.js';
import { whereFilesAre } from './fields.js';
import { followJob } from './follow-job.js';
import { progressReporter, type ToolExtra } from './progress.js';

export interface GenerationArgs {
  image_url?: string | undefined;
  image_path?: string | undefined;
  wait_seconds: number;
  previews: boolean;
  save_dir?: string | undefined;
}

export interface Generation<Body> {
  /** The tool's name, for `recent_jobs`. */
  tool: string;
  /** For texts and file names: `Staged`, `Restyled`. */
  verb: string;
  /** What the caller asked for, echoed in the result and in `recent_jobs`. */
  inputs: JobInputs;
  /** Words that name the saved files, e.g. `restyle`, `scandinavian`, `bedroom`; missing ones are skipped. */
  fileWords: ReadonlyArray<string | undefined>;
  /** The service body once the photo URL is known. */
  body(imageUrl: string): Body;
  start(client: RoomClient, body: Body, options: StartOptions): Promise<GenerationStarted>;
}

/** Who else needs to know once the service accepted the job (tasks take its id, the spend guard counts it). */
export interface GenerationHooks {
  onStarted?: ((requestId: string) => void) | undefined;
}

export async function runGeneration<Body>(
  ctx: ServerContext,
  args: GenerationArgs,
  extra: ToolExtra,
  generation: Generation<Body>,
  hooks: GenerationHooks = {},
): Promise<CallToolResult> {
  const startedAt = Date.now();
  const report = progressReporter(extra, ctx.log);
  const verbInLog = generation.verb.toLowerCase();
  const signal = extra.signal;
  let requestId: string | undefined;
  let jobStartedAt = startedAt;
  try {
    const client = ctx.client();
    const saveDir = args.save_dir === undefined ? undefined : await plannedDir(ctx.files, args.save_dir, 'save_dir');
    const imageUrl = await photoUrl(ctx, args, signal, () => void report({ phase: 'uploading', elapsedMs: Date.now() - startedAt }));

    void report({ phase: 'starting', elapsedMs: Date.now() - startedAt });
    const body = generation.body(imageUrl);
    const sentAt = new Date().toISOString();
    const { started, reconciled } = await startReconciled(
      client,
      ctx.starts,
      () => generation.start(client, body, { signal, idempotencyKey: globalThis.crypto.randomUUID() }),
      signal,
    );
    requestId = started.requestId;
    const stem = fileStem(generation.fileWords, requestId);
    ctx.jobs.add({ request_id: requestId, tool: generation.tool, inputs: generation.inputs, started_at: sentAt, reconciled }, stem);
    ctx.log(`${verbInLog} job ${requestId} ${reconciled ? 'found again after its start lost its answer' : 'started'}`);
    hooks.onStarted?.(requestId);
    jobStartedAt = Date.now();
    void report({
      phase: 'generating',
      elapsedMs: 0,
      status: 'starting',
      estimatedRemainingMs: estimateRemainingMs(0, ctx.pollSchedule),
      requestId,
    });

    const outcome = await followJob(ctx, {
      requestId,
      startedAt: jobStartedAt,
      waitSeconds: args.wait_seconds,
      signal,
      report,
      justStarted: true,
      initialStatus: 'starting',
      operation: generation.tool,
    });
    ctx.log(`${verbInLog} job ${requestId} ${outcome.done ? 'finished' : 'still running'}`);
    return await presentJob(ctx, {
      verb: generation.verb,
      requestId,
      outcome,
      previews: args.previews,
      saveDir,
      fileStem: stem,
      inputImageUrl: args.image_path ? imageUrl : undefined,
      inputs: generation.inputs,
      notes: reconciled ? ["The service's answer to the start was lost; this job was found again in the account's recent jobs."] : [],
      signal,
      report,
    });
  } catch (error) {
    if (signal.aborted) ctx.log(`${verbInLog} cancelled by the client${requestId ? `; job ${requestId} keeps running` : ''}`);
    if (error instanceof GenerationFailedError && requestId)
      return failedJobResult(ctx, error, { requestId, elapsedMs: Date.now() - jobStartedAt, signal });
    return errorResult(error, { requestId }, jobErrorContent);
  }
}

async function photoUrl(ctx: ServerContext, args: GenerationArgs, signal: AbortSignal, onUpload: () => void): Promise<string> {
  if (args.image_url && args.image_path) throw new InputError('Give either image_url or image_path, not both.');
  if (args.image_url) return args.image_url;
  if (!args.image_path)
    throw new InputError(
      ctx.files === 'off'
        ? 'A room photo is required: give image_url (a public http(s) URL).'
        : `A room photo is required: give image_url (a public http(s) URL) or image_path (a photo ${whereFilesAre(ctx.files)}).`,
    );
  onUpload();
  return uploadLocalImage(ctx, args.image_path, signal);
}
