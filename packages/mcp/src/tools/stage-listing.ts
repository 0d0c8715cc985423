/**
 * `stage_listing`: a listing's photos × styles as one batch (core's planBatch and runBatch). It is
 * priced against the balance first, confirmed by the user when it costs more than the spend guard
 * lets pass, then every item is started once and followed, with one progress notification per
 * item — as an MCP Task when the client asks for one, whose cancel lists the items already charged.
 * A listing whose call was cut off is continued by the next call for the same photos and styles.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { operationCredits, type RoomClient } from '@room-restyler/core';
import {
  type BatchJournal,
  type BatchPlan,
  type BatchProgress,
  type BatchReport,
  batchItems,
  batchReport,
  type JournalRecord,
  memoryJournal,
  planBatch,
  replayJournal,
  runBatch,
} from '@room-restyler/core/batch';
import { imageUrlSchema, styleSchema } from '@room-restyler/core/schemas';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { creditsWord, plural } from '../elicitation/spend-guard.js';
import { plannedDir, readablePath } from '../files/file-access.js';
import { errorResult } from '../results/error-result.js';
import { listingErrorContent, listingOutputSchema } from '../results/listing-output.js';
import { listingResult, presentListing } from '../results/listing-result.js';
import { fileStem, safeName } from '../results/save.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import type { GenerationRun } from '../tasks/generation-task.js';
import { PHOTO_EXTENSIONS } from '../uploads/local-photo.js';
import { checkLocalFile, uploadLocalImage } from '../uploads/upload.js';
import { InputError } from '../user-errors.js';
import { generationAnnotations } from './annotations.js';
import { checkedBody, type GenerationHooks, UPLOAD_STAND_IN } from './generation.js';
import { registerRunTool } from './generation-tool.js';
import { sendProgress, type ToolExtra } from './progress.js';

const NAME = 'stage_listing';
const TITLE = 'Stage a whole listing';
/** A listing is 10–40 photos; a batch of more is several calls. */
const MAX_LISTING_ITEMS = 40;
const MAX_STYLES = 6;
const CREDITS_PER_ITEM = operationCredits.enhance;
/** Cut-off listings a session keeps to continue: a client that times a listing out calls it again, soon. */
const MAX_CUT_OFF = 10;

/** A listing's plan and the journal of its run so far (empty before it starts). */
interface Journalled {
  plan: BatchPlan;
  records: JournalRecord[];
}

/**
 * This session's listings whose result was not delivered yet, by what was asked (mode, styles, photos
 * as given): running, or cut off (a client's timeout, a cancel) and kept, so that the call a client
 * typically makes again continues the listing instead of paying for its jobs a second time.
 */
class UndeliveredListings {
  readonly #listings = new Map<string, Journalled & { call: AbortSignal; stopped: Promise<unknown> }>();

  /** The listing a call cut off, once its batch has stopped; undefined when there is none. */
  async cutOff(asked: string): Promise<Journalled | undefined> {
    const listing = this.#listings.get(asked);
    if (!listing?.call.aborted) return undefined;
    await listing.stopped;
    return listing;
  }

  /** Runs a listing for a call and presents its report; kept until then, and kept as cut off if the call ends first. */
  async deliver(
    asked: string,
    listing: Journalled,
    call: AbortSignal,
    run: () => Promise<BatchReport>,
    present: (report: BatchReport) => Promise<CallToolResult>,
  ): Promise<CallToolResult> {
    const running = run();
    const kept = { ...listing, call, stopped: running.catch(() => {}) };
    this.#listings.delete(asked);
    this.#listings.set(asked, kept);
    const [oldest] = this.#listings.keys();
    if (this.#listings.size > MAX_CUT_OFF && oldest !== undefined) this.#listings.delete(oldest);
    try {
      return await present(await running);
    } finally {
      if (!call.aborted && this.#listings.get(asked) === kept) this.#listings.delete(asked);
    }
  }
}

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
  const listings = new UndeliveredListings();

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

      const isUrl = (source: string) => URL.canParse(source);
      await Promise.all(sources.filter((source) => !isUrl(source)).map((path) => checkLocalFile(ctx, path)));
      const asked = JSON.stringify([args.mode, args.styles, sources]);
      // Already priced and confirmed by the call that was cut off.
      let listing = await listings.cutOff(asked);
      if (!listing) {
        const names = photoNames(sources);
        const itemsOf = (urls: string[]) =>
          batchItems(
            names.map((name, i) => ({ name, url: urls[i] ?? '' })),
            args.styles,
            toInput,
          );
        // Priced and confirmed before any local photo is sent: a listing the user declines or cannot pay uploads nothing.
        const priced = await planBatch(client, itemsOf(sources.map((source) => (isUrl(source) ? source : UPLOAD_STAND_IN))), {
          signal: extra.signal,
        });
        const what = `${plural(sources.length, 'photo')} × ${plural(args.styles.length, 'style')} = ${creditsWord(priced.credits)}`;
        if (!priced.fits) return notFitting(`${what}, and the account has ${priced.balance}. Nothing was started.`, priced.balance);
        const declined = await ctx.spend.confirm(server.server, extra, priced.credits, {
          message: `${args.mode === 'staging' ? 'Stage' : 'Restyle'} ${what} of your ${priced.balance}?`,
          content: listingErrorContent,
        });
        if (declined) return declined;
        const photos = await Promise.all(
          sources.map(async (source) => (isUrl(source) ? source : uploadLocalImage(ctx, source, extra.signal, 'image_path'))),
        );
        listing = { plan: { ...priced, items: itemsOf(photos) }, records: [] };
      }
      const { plan, records } = listing;
      const notes = records.length ? ['continued the listing a call cut off earlier: its jobs were followed, not paid again.'] : [];
      return await listings.deliver(
        asked,
        listing,
        extra.signal,
        () => runListing(ctx, client, plan, records, extra, hooks, args.mode),
        (report) => presentListing(ctx, plan, report, saveDir, extra.signal, notes),
      );
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
  journalled: JournalRecord[],
  extra: ToolExtra,
  hooks: GenerationHooks,
  mode: string,
): Promise<BatchReport> {
  const continued = journalled.length > 0;
  const records = memoryJournal(journalled);
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
  void notify(
    0,
    continued
      ? `Continuing ${plan.items.length} images cut off earlier: jobs already made are followed, not paid again.`
      : `Started ${plan.items.length} images (${creditsWord(plan.credits)}).`,
  );
  const batch = runBatch(client, plan, {
    journal,
    onProgress: (progress) => void progressOf(progress, plan, notify),
    wait: { schedule: ctx.pollSchedule },
    // One ledger with the other tools: a lost start of the listing never adopts a job another tool made, nor theirs its.
    ledger: ctx.starts,
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
  return (progress, message) => sendProgress(extra, log, { progressToken: token, progress, total, message });
}

function progressOf(progress: BatchProgress, plan: BatchPlan, notify: ReportItem): Promise<void> | undefined {
  const { ended } = progress;
  const item = plan.items.find((one) => one.id === ended?.item);
  if (!ended || !item) return undefined;
  const done = progress.succeeded + progress.failed;
  const what = ended.kind === 'succeeded' ? 'done' : `failed (${ended.error})`;
  return notify(done, `${done}/${progress.total}: ${item.name} × ${item.variant} ${what}`);
}

function notFitting(message: string, balance: number): CallToolResult {
  const error = { code: 'insufficient_credits', message: `Not started: ${message}`, retryable: false, credits_remaining: balance };
  return { isError: true, content: [{ type: 'text', text: error.message }], structuredContent: listingErrorContent(error) };
}
