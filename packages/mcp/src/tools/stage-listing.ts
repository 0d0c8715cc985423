/**
 * `stage_listing`: a listing's photos × styles as one batch (core's planBatch and runBatch). It is
 * priced against the balance first, confirmed by the user when it costs more than the spend guard
 * lets pass, then every item is started once and followed, with one progress notification per
 * item — as an MCP Task when the client asks for one, whose cancel lists the items already charged.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { operationCredits, type RoomClient } from '@room-restyler/core';
import {
  type BatchJournal,
  type BatchPlan,
  type BatchProgress,
  type BatchReport,
  batchItems,
  batchReport,
  type ItemReport,
  memoryJournal,
  planBatch,
  replayJournal,
  runBatch,
} from '@room-restyler/core/batch';
import { imageUrlSchema, styleSchema } from '@room-restyler/core/schemas';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { creditsWord } from '../elicitation/spend-guard.js';
import { plannedDir, readablePath, shownPath, writableDir } from '../files/file-access.js';
import { balanceNow } from '../results/balance.js';
import { downloadImage } from '../results/download.js';
import { errorResult } from '../results/error-result.js';
import { type ListingItem, type ListingOutput, listingErrorContent, listingOutputSchema } from '../results/listing-output.js';
import { fileStem, safeName, savedFileLinks, saveImages } from '../results/save.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import type { GenerationRun } from '../tasks/generation-task.js';
import { PHOTO_EXTENSIONS } from '../uploads/local-photo.js';
import { uploadLocalImage } from '../uploads/upload.js';
import { InputError } from '../user-errors.js';
import { generationAnnotations } from './annotations.js';
import { checkedBody, type GenerationHooks, UPLOAD_STAND_IN } from './generation.js';
import { registerRunTool } from './generation-tool.js';
import type { ToolExtra } from './progress.js';

const NAME = 'stage_listing';
const TITLE = 'Stage a whole listing';
/** A listing is 10–40 photos; a batch of more is several calls. */
const MAX_LISTING_ITEMS = 40;
const MAX_STYLES = 6;
const CREDITS_PER_ITEM = operationCredits.enhance;

export function registerStageListingTool(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool {
  const files = ctx.files !== 'off';
  const schema = z.object({
    image_urls: z.array(imageUrlSchema).min(1).max(MAX_LISTING_ITEMS).optional(),
    ...(files
      ? {
          image_paths: z
            .array(z.string().min(1))
            .min(1)
            .max(MAX_LISTING_ITEMS)
            .optional()
            .describe('Photo files or folders, as image_path takes them.'),
          save_dir: z.string().min(1).optional().describe('Folder to save every image into.'),
        }
      : {}),
    styles: z.array(styleSchema).min(1).max(MAX_STYLES).describe('Each photo is made in each style.'),
    mode: z.enum(['staging', 'restyle']).default('staging').describe('staging: furnish empty rooms; restyle: furnished ones.'),
  });
  type Args = z.infer<typeof schema> & { image_paths?: string[] | undefined; save_dir?: string | undefined };

  const run: GenerationRun<Args> = async (given, extra, hooks) => {
    try {
      const args = checkedArguments(given);
      const client = ctx.client();
      const saveDir = args.save_dir === undefined ? undefined : await plannedDir(ctx.files, args.save_dir, 'save_dir');
      const sources = [...(args.image_urls ?? []), ...(await localPhotos(ctx, args.image_paths ?? []))];
      if (sources.length === 0) throw new InputError(`Give the photos: image_urls${files ? ' or image_paths' : ''}.`);
      const count = sources.length * args.styles.length;
      if (count > MAX_LISTING_ITEMS)
        throw new InputError(`${count} images (photos × styles) is more than ${MAX_LISTING_ITEMS} in one call: split the listing.`);
      const toInput = (image_url: string, style: string) => ({
        operation: 'enhance' as const,
        ...checkedBody('enhance', { image_url, mode: args.mode, style }),
      });
      // Every input is refused here, before anything is uploaded or asked, rather than by the service.
      for (const style of args.styles) toInput(UPLOAD_STAND_IN, style);

      const photos = await Promise.all(
        sources.map(async (source) => (URL.canParse(source) ? source : uploadLocalImage(ctx, source, extra.signal, 'image_path'))),
      );
      const named = photoNames(sources).map((name, i) => ({ name, url: photos[i] ?? '' }));
      const plan = await planBatch(client, batchItems(named, args.styles, toInput), { signal: extra.signal });
      const what = `${plural(sources.length, 'photo')} × ${plural(args.styles.length, 'style')} = ${creditsWord(plan.credits)}`;
      if (!plan.fits) return notFitting(`${what}, and the account has ${plan.balance}. Nothing was started.`, plan.balance);
      const declined = await ctx.spend.confirm(server.server, extra, plan.credits, {
        message: `${args.mode === 'staging' ? 'Stage' : 'Restyle'} ${what} of your ${plan.balance}?`,
        content: listingErrorContent,
      });
      if (declined) return declined;
      const report = await runListing(ctx, client, plan, extra, hooks, args.mode);
      return await presentListing(ctx, plan, report, saveDir, extra.signal);
    } catch (error) {
      return errorResult(error, {}, listingErrorContent);
    }
  };

  return registerRunTool(
    server,
    ctx,
    registry,
    NAME,
    {
      title: TITLE,
      description:
        'Stage or restyle every photo of a listing in each given style, as one batch. ' +
        `Costs ${creditsWord(CREDITS_PER_ITEM)} per image (photos × styles, at most ${MAX_LISTING_ITEMS}), priced against the balance first.`,
      inputSchema: schema as z.ZodType<Args>,
      outputSchema: listingOutputSchema,
      annotations: generationAnnotations(TITLE),
    },
    run,
  );
}

/** The photos of `image_paths`: each file as given, each folder's photos by name. */
async function localPhotos(ctx: ServerContext, paths: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (path) => {
      const real = await readablePath(ctx.files, path, 'image_paths');
      if (!(await stat(real)).isDirectory()) return [path];
      const names = (await readdir(real)).filter((name) => PHOTO_EXTENSIONS.has(extname(name).toLowerCase())).sort();
      if (names.length === 0) throw new InputError(`The folder "${path}" holds no .jpg, .png, .webp or .heic photo.`);
      return names.map((name) => join(path, name));
    }),
  );
  return found.flat();
}

/** Each photo's name for its items and files: its file name without extension, made unique. */
function photoNames(sources: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const file = basename(URL.canParse(source) ? new URL(source).pathname : source);
    const name = safeName(file.slice(0, file.length - extname(file).length));
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}-${n}`;
  });
}

async function runListing(
  ctx: ServerContext,
  client: RoomClient,
  plan: BatchPlan,
  extra: ToolExtra,
  hooks: GenerationHooks,
  mode: string,
): Promise<BatchReport> {
  const records = memoryJournal();
  // Each job, once the service accepted it, is this session's like any other: `recent_jobs`, `save_images`, the spend guard.
  const journal: BatchJournal = {
    read: () => records.read(),
    async append(record) {
      await records.append(record);
      if (record.kind !== 'accepted') return;
      const item = plan.items.find((one) => one.id === record.item);
      if (!item) return;
      const inputs = { image_url: item.photo, mode, style: item.variant };
      const job = { request_id: record.requestId, tool: NAME, inputs, started_at: new Date().toISOString() };
      ctx.jobs.add(job, fileStem([item.name, item.variant], record.requestId));
      ctx.spend.recordJob(CREDITS_PER_ITEM);
    },
  };
  const notify = itemProgress(extra, ctx.log, plan.items.length);
  void notify(0, `Started ${plan.items.length} images (${creditsWord(plan.credits)}).`);
  const batch = runBatch(client, plan, {
    journal,
    onProgress: (progress) => void progressOf(progress, plan, notify),
    wait: { schedule: ctx.pollSchedule },
  });
  // What a cancel answers (a task's cancel, before the batch has stopped): the items charged so far, from the journal.
  hooks.onStarted?.(undefined, () => {
    const report = batchReport(plan, replayJournal(records.records)?.items ?? new Map());
    const charged = report.charged.length ? `: ${report.charged.join(', ')}` : '';
    const statusMessage = `Cancelled; nothing more starts. ${plural(report.charged.length, 'item')} charged (or possibly)${charged}.`;
    return { statusMessage, result: listingResult(plan, report, [], undefined) };
  });
  const stop = () => void batch.cancel();
  extra.signal.addEventListener('abort', stop, { once: true });
  try {
    return await batch.done;
  } finally {
    extra.signal.removeEventListener('abort', stop);
  }
}

type ReportItem = (done: number, message: string) => Promise<void>;

/** One progress notification per item ended: done of total, and which item (photo × style) it was. */
function itemProgress(extra: ToolExtra, log: (line: string) => void, total: number): ReportItem {
  const token = extra._meta?.progressToken;
  if (token === undefined) return async () => {};
  return (progress, message) =>
    extra
      .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } })
      .catch((error: unknown) => log(`progress notification not sent: ${error instanceof Error ? error.message : String(error)}`));
}

function progressOf(progress: BatchProgress, plan: BatchPlan, notify: ReportItem): Promise<void> | undefined {
  const { ended } = progress;
  const item = plan.items.find((one) => one.id === ended?.item);
  if (!ended || !item) return undefined;
  const done = progress.succeeded + progress.failed;
  const what = ended.kind === 'succeeded' ? 'done' : `failed (${ended.error})`;
  return notify(done, `${done}/${progress.total}: ${item.name} × ${item.variant} ${what}`);
}

async function presentListing(
  ctx: ServerContext,
  plan: BatchPlan,
  report: BatchReport,
  saveDir: string | undefined,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const saved = new Map<string, string[]>();
  const notes: string[] = [];
  if (saveDir) {
    const dir = await writableDir(ctx.files, saveDir, 'save_dir');
    for (const { item, output = [], requestId = '' } of report.items.filter((one) => one.status === 'succeeded')) {
      try {
        const images = await Promise.all(output.map((url) => downloadImage(ctx.fetch, url, signal)));
        const paths = await saveImages(dir, ctx.jobs.fileStem(requestId), images);
        saved.set(item.id, paths);
      } catch (error) {
        notes.push(`${item.id} not saved: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const shown = new Map(
    await Promise.all([...saved].map(async ([id, paths]) => [id, await Promise.all(paths.map((p) => shownPath(ctx.files, p)))] as const)),
  );
  const result = listingResult(plan, report, notes, await balanceNow(ctx, signal), shown);
  // file:// links point into the caller's own computer only on stdio.
  if (ctx.files === 'anywhere') result.content.push(...savedFileLinks([...saved.values()].flat()));
  return result;
}

function listingResult(
  plan: BatchPlan,
  report: BatchReport,
  notes: readonly string[],
  balance: number | undefined,
  saved: ReadonlyMap<string, readonly string[]> = new Map(),
): CallToolResult & { content: ContentBlock[] } {
  const items = report.items.map((one) => itemOutput(one, saved.get(one.item.id) ?? []));
  const output: ListingOutput = {
    status: report.cancelled > 0 ? 'cancelled' : 'completed',
    items,
    succeeded: report.succeeded,
    failed: report.failed,
    cancelled: report.cancelled,
    credits_planned: plan.credits,
    credits_charged: report.charged.length * CREDITS_PER_ITEM,
    ...(balance === undefined ? {} : { credits_remaining: balance }),
  };
  const lines = [
    `${report.succeeded} of ${plan.items.length} images ready${report.failed ? `, ${report.failed} failed` : ''}` +
      `${report.cancelled ? `, ${report.cancelled} cancelled` : ''}. Cost: ${creditsWord(output.credits_charged)}` +
      `${balance === undefined ? '' : `; ${balance} remaining`}.`,
    ...items.map((item) => {
      const image = item.images[0];
      if (image)
        return `- ${item.photo} × ${item.style}: ![${item.id}](${image.url})${image.saved_path ? ` saved to ${image.saved_path}` : ''}`;
      const charged = item.request_id
        ? `, charged (job ${item.request_id}: follow it with \`prediction\`)`
        : item.charged
          ? ', may be charged (its start was on its way: check `recent_jobs`)'
          : ', not charged';
      return `- ${item.photo} × ${item.style}: ${item.status}${charged}${item.error ? ` — ${item.error}` : ''}`;
    }),
    ...notes.map((note) => `Note: ${note}`),
  ];
  const links = items.flatMap((item) =>
    item.images.map((image): ContentBlock => ({ type: 'resource_link', uri: image.url, name: item.id, mimeType: 'image/jpeg' })),
  );
  return { content: [{ type: 'text', text: lines.join('\n') }, ...links], structuredContent: { ...output } };
}

function itemOutput({ item, status, requestId, output = [], error, charged }: ItemReport, saved: readonly string[]): ListingItem {
  return {
    id: item.id,
    photo: item.name,
    photo_url: item.photo,
    style: item.variant,
    status,
    ...(requestId ? { request_id: requestId } : {}),
    images: output.map((url, i) => ({ url, ...(saved[i] ? { saved_path: saved[i] } : {}) })),
    ...(error ? { error } : {}),
    charged,
  };
}

function notFitting(message: string, balance: number): CallToolResult {
  const error = { code: 'insufficient_credits', message: `Not started: ${message}`, retryable: false, credits_remaining: balance };
  return { isError: true, content: [{ type: 'text', text: error.message }], structuredContent: listingErrorContent(error) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
