/**
 * Turns a job outcome into what every client can show: structured content (echoing the inputs,
 * the cost and the balance), a text summary with markdown image links, one `resource_link` per
 * image (and a `file://` one per saved file) and, optionally, small previews.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ServerContext } from '../context.js';
import { shownPath, writableDir } from '../files/file-access.js';
import type { JobInputs } from '../jobs/session-jobs.js';
import { outputResourceUri } from '../resources/output-image.js';
import type { JobOutcome } from '../tools/follow-job.js';
import type { ReportProgress } from '../tools/progress.js';
import { balanceNow } from './balance.js';
import { type DownloadedImage, downloadImage } from './download.js';
import type { JobOutput } from './job-output.js';
import { makePreviews } from './previews.js';
import { savedFileLinks, saveImages } from './save.js';

export interface PresentJob {
  /** What was done, for the text: `Restyled`, `Staged`, … */
  verb: string;
  requestId: string;
  outcome: JobOutcome;
  previews: boolean;
  /** Absolute folder to save images into. */
  saveDir?: string | undefined;
  /** File name stem for saved images. */
  fileStem: string;
  inputImageUrl?: string | undefined;
  /** What the generation was asked for (absent when only following a job). */
  inputs?: JobInputs | undefined;
  /** Said already before the job was presented. */
  notes?: readonly string[] | undefined;
  signal: AbortSignal;
  report: ReportProgress;
}

export async function presentJob(ctx: ServerContext, job: PresentJob): Promise<CallToolResult> {
  const { outcome } = job;
  const base = {
    request_id: job.requestId,
    elapsed_seconds: Math.round(outcome.elapsedMs / 100) / 10,
    ...(job.inputImageUrl ? { input_image_url: job.inputImageUrl } : {}),
    ...(job.inputs ? { inputs: job.inputs } : {}),
  };
  const notes: string[] = [...(job.notes ?? [])];
  if (!outcome.done) return pendingResult({ ...base, status: outcome.status, done: false, images: [], ...(notes.length ? { notes } : {}) });

  const urls = outcome.prediction.output ?? [];
  const downloads = job.previews || job.saveDir ? await downloadAll(ctx, urls, job, notes) : [];
  const fetched = downloads.filter((d): d is DownloadedImage => d !== undefined);

  let savedPaths: (string | undefined)[] = [];
  if (job.saveDir && fetched.length > 0) {
    try {
      const paths = await saveImages(await writableDir(ctx.files, job.saveDir, 'save_dir'), job.fileStem, fetched);
      const shown = await Promise.all(paths.map((path) => shownPath(ctx.files, path)));
      savedPaths = downloads.map((d) => (d ? shown[fetched.indexOf(d)] : undefined));
    } catch (error) {
      notes.push(`Could not save into ${job.saveDir}: ${message(error)}`);
    }
  }
  const previews = job.previews ? await previewsWithNotes(fetched, ctx.previewBudgetBytes, notes) : undefined;
  const balance = await balanceNow(ctx, job.signal);

  const output: JobOutput = {
    ...base,
    status: outcome.prediction.status,
    done: true,
    images: urls.map((url, i) => ({
      url,
      resource_uri: outputResourceUri(job.requestId, i + 1),
      ...(savedPaths[i] ? { saved_path: savedPaths[i] } : {}),
    })),
    ...(outcome.prediction.completed_at ? { completed_at: outcome.prediction.completed_at } : {}),
    // Each generated image costs 1 credit.
    credits_charged: urls.length,
    ...(balance === undefined ? {} : { credits_remaining: balance }),
    ...(notes.length ? { notes } : {}),
  };
  const content: ContentBlock[] = [
    { type: 'text', text: doneSummary(job.verb, output) },
    ...urls.map(
      (url, i): ContentBlock => ({
        type: 'resource_link',
        uri: url,
        name: `${job.fileStem}-${i + 1}`,
        title: `Result ${i + 1} of ${urls.length}`,
        mimeType: downloads[i]?.contentType ?? 'image/jpeg',
      }),
    ),
    // file:// links point into the caller's own computer only on stdio; a remote caller has the resource links.
    ...(ctx.files === 'anywhere' ? savedFileLinks(savedPaths) : []),
    ...(previews?.images ?? []),
  ];
  await job.report({ phase: 'succeeded', elapsedMs: outcome.elapsedMs, estimatedRemainingMs: 0, status: output.status });
  return { content, structuredContent: output };
}

function pendingResult(output: JobOutput): CallToolResult {
  const next_step =
    `The job is still running (status ${output.status}). Call the \`prediction\` tool with id "${output.request_id}" ` +
    'to wait for it (it can wait up to 55 s per call). Do not start a new generation: that would spend another credit.';
  const structured = { ...output, next_step };
  return {
    content: [{ type: 'text', text: `Not finished after ${output.elapsed_seconds} s. ${next_step}` }],
    structuredContent: structured,
  };
}

function doneSummary(verb: string, output: JobOutput): string {
  const count = output.images.length;
  const lines = [
    `${verb}: ${count} image${count === 1 ? '' : 's'} ready after ${output.elapsed_seconds} s (request id ${output.request_id}).`,
  ];
  output.images.forEach((image, i) => {
    lines.push(`![Result ${i + 1}](${image.url})`);
    if (image.saved_path) lines.push(`Saved to ${image.saved_path}`);
  });
  if (output.credits_charged !== undefined)
    lines.push(
      `Cost: ${output.credits_charged} credit${output.credits_charged === 1 ? '' : 's'}${output.credits_remaining === undefined ? '' : `; ${output.credits_remaining} remaining`}.`,
    );
  for (const note of output.notes ?? []) lines.push(`Note: ${note}`);
  return lines.join('\n');
}

async function downloadAll(ctx: ServerContext, urls: readonly string[], job: PresentJob, notes: string[]) {
  void job.report({ phase: 'downloading', elapsedMs: job.outcome.elapsedMs });
  return Promise.all(
    urls.map((url) =>
      downloadImage(ctx.fetch, url, job.signal).catch((error: unknown) => {
        notes.push(`Could not download ${url}: ${message(error)}`);
        return undefined;
      }),
    ),
  );
}

/** Previews of a paid job never fail its result: whatever goes wrong becomes a note. */
async function previewsWithNotes(images: readonly DownloadedImage[], budgetBytes: number, notes: string[]) {
  try {
    const previews = await makePreviews(images, budgetBytes);
    if (previews.unavailable)
      notes.push(
        `${previews.omitted ? `${previews.omitted} preview(s) left out` : 'Previews are the full images'}: the image library sharp did not load on this machine (${previews.unavailable}). ` +
          'Every image is at its link above; installing sharp next to room-restyler-mcp (npm install sharp) brings smaller previews back.',
      );
    else if (previews.omitted) notes.push(`${previews.omitted} preview(s) left out to keep the result small; open the links instead.`);
    return previews;
  } catch (error) {
    notes.push(`Previews left out (${message(error)}); every image is at its link above.`);
    return undefined;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
