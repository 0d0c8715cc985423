/**
 * A listing's result as every client can show it: structured content (each photo × style, the
 * totals), a text with every image's link, one `resource_link` per image, and its saved files
 * (`save_dir`: named like the session's job, with `file://` links on stdio).
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { operationCredits } from '@room-restyler/core';
import type { BatchPlan, BatchReport, ItemReport } from '@room-restyler/core/batch';
import type { ServerContext } from '../context.js';
import { creditsWord } from '../elicitation/spend-guard.js';
import { shownPath, writableDir } from '../files/file-access.js';
import { balanceNow } from './balance.js';
import { downloadImage } from './download.js';
import type { ListingItem, ListingOutput } from './listing-output.js';
import { savedFileLinks, saveImages } from './save.js';

export async function presentListing(
  ctx: ServerContext,
  plan: BatchPlan,
  report: BatchReport,
  saveDir: string | undefined,
  signal: AbortSignal,
  notes: string[] = [],
): Promise<CallToolResult> {
  const saved = new Map<string, string[]>();
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

export function listingResult(
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
    credits_charged: report.items.reduce((sum, one) => sum + (one.charged ? operationCredits[one.item.input.operation] : 0), 0),
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
