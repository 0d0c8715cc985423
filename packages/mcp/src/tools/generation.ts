/**
 * The shared run of every generation tool: resolve the photo and mask (URLs or uploaded local files),
 * start the operation once (one idempotency key per tool call, no blind retry), wait within the
 * budget with progress, then present the images — or the id to follow up with `prediction`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { estimateRemainingMs, GenerationFailedError, type GenerationOperation } from '@room-restyler/core';
import { checkOperationInput, operationInputSchemas } from '@room-restyler/core/schemas';
import type { ServerContext } from '../context.js';
import { plannedDir } from '../files/file-access.js';
import type { JobInputs } from '../jobs/session-jobs.js';
import { startReconciled } from '../jobs/start-once.js';
import { errorResult } from '../results/error-result.js';
import { failedJobResult } from '../results/failed-job.js';
import { jobErrorContent } from '../results/job-output.js';
import { presentJob } from '../results/job-result.js';
import { fileStem } from '../results/save.js';
import type { CancelledTask } from '../tasks/task-store.js';
import { type LocalFileArgument, uploadLocalImage } from '../uploads/upload.js';
import { InputError } from '../user-errors.js';
import { whereFilesAre } from './fields.js';
import { followJob } from './follow-job.js';
import { progressReporter, type ToolExtra } from './progress.js';

export interface GenerationArgs {
  image_url?: string | undefined;
  image_path?: string | undefined;
  mask_url?: string | undefined;
  mask_path?: string | undefined;
  wait_seconds: number;
  previews: boolean;
  save_dir?: string | undefined;
}

type CancelledAnswer = ReturnType<CancelledTask>;

export interface Generation {
  /** The tool's name, for `recent_jobs`. */
  tool: string;
  /** The spec's operationId the job starts: its body is checked by core's schema for it. */
  operation: GenerationOperation;
  /** For texts and logs: `Staged`, `Restyled`, `Clear the sky`. */
  verb: string;
  /** What the caller asked for, echoed in the result and in `recent_jobs`. */
  inputs: JobInputs;
  /** Words that name the saved files, e.g. `restyle`, `scandinavian`, `bedroom`; missing ones are skipped. */
  fileWords: ReadonlyArray<string | undefined>;
  /** The body's fields but the photo and the mask (`image_url`, `mask_url`), which may first be uploaded from local files. */
  fields: Record<string, string | readonly string[] | undefined>;
}

/**
 * Who else needs to know once the service accepted the job (tasks take its id, the spend guard counts
 * it); a batch has no one id, and says what its cancel answers instead.
 */
export interface GenerationHooks {
  onStarted?: ((requestId: string | undefined, cancelled?: () => CancelledAnswer) => void) | undefined;
}

export async function runGeneration(
  ctx: ServerContext,
  args: GenerationArgs,
  extra: ToolExtra,
  generation: Generation,
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
    const sources = fileSources(ctx, args, generation.operation);
    const upload = async (source: FileSource | undefined) => {
      if (!source || 'url' in source) return source?.url;
      void report({ phase: 'uploading', elapsedMs: Date.now() - startedAt });
      return uploadLocalImage(ctx, source.path, signal, source.argument);
    };
    const imageUrl = await upload(sources.image);
    const body = operationBody(generation, { image_url: imageUrl, mask_url: await upload(sources.mask) });

    void report({ phase: 'starting', elapsedMs: Date.now() - startedAt });
    const sentAt = new Date().toISOString();
    const { started, reconciled } = await startReconciled(
      client,
      ctx.starts,
      () => client.start(generation.operation, body, { signal, idempotencyKey: globalThis.crypto.randomUUID() }),
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
      operation: generation.operation,
    });
    ctx.log(`${verbInLog} job ${requestId} ${outcome.done ? 'finished' : 'still running'}`);
    return await presentJob(ctx, {
      verb: generation.verb,
      requestId,
      outcome,
      previews: args.previews,
      saveDir,
      fileStem: stem,
      inputImageUrl: sources.image && 'path' in sources.image ? imageUrl : undefined,
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

/** A photo or mask: a URL given as is, or a local file to upload first. */
type FileSource = { url: string } | { path: string; argument: LocalFileArgument };

/** Where the photo and the mask come from; refuses both or neither of a pair, and a missing photo the operation needs. */
function fileSources(ctx: ServerContext, args: GenerationArgs, operation: GenerationOperation) {
  const source = (url: string | undefined, path: string | undefined, argument: LocalFileArgument): FileSource | undefined => {
    const urlArgument = argument === 'image_path' ? 'image_url' : 'mask_url';
    if (url && path) throw new InputError(`Give either ${urlArgument} or ${argument}, not both.`);
    return url ? { url } : path ? { path, argument } : undefined;
  };
  const image = source(args.image_url, args.image_path, 'image_path');
  if (!image && 'image_url' in operationInputSchemas[operation].shape)
    throw new InputError(
      ctx.files === 'off'
        ? 'A room photo is required: give image_url (a public http(s) URL).'
        : `A room photo is required: give image_url (a public http(s) URL) or image_path (a photo ${whereFilesAre(ctx.files, 'file')}).`,
    );
  return { image, mask: source(args.mask_url, args.mask_path, 'mask_path') };
}

/** A file still to be uploaded, as the body check sees it: its upload will give an http(s) URL. */
export const UPLOAD_STAND_IN = 'https://upload.invalid/local-file';

/**
 * Refuses, before anything is uploaded, asked or started, a call whose operation would refuse its
 * body: core's schema for the operation (the proxy's rules) says which field and why.
 */
export function checkGeneration(ctx: ServerContext, args: GenerationArgs, generation: Generation): void {
  const { image, mask } = fileSources(ctx, args, generation.operation);
  const url = (source: FileSource | undefined) => source && ('url' in source ? source.url : UPLOAD_STAND_IN);
  operationBody(generation, { image_url: url(image), mask_url: url(mask) });
}

function operationBody(generation: Generation, files: { image_url: string | undefined; mask_url: string | undefined }) {
  return checkedBody(generation.operation, { ...generation.fields, ...files });
}

/** The body of `operation` from the given fields (undefined ones left out), or an InputError saying which field and why. */
export function checkedBody<O extends GenerationOperation>(operation: O, fields: Record<string, unknown>) {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  const checked = checkOperationInput(operation, Object.fromEntries(given));
  if (!checked.ok) throw new InputError(`${checked.message}. Nothing was started; fix it and call again.`);
  return checked.value;
}
