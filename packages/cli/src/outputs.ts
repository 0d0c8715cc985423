/** What a batch leaves in its output folder: each image as it arrives, then report.json and a contact sheet. */
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchPlan, BatchReport, ItemReport } from '@room-restyler/core/batch';

export const REPORT_FILE = 'report.json';
export const CONTACT_SHEET_FILE = 'index.html';

/** `<photo>-<style>.jpg`: the item's id, which the plan made from both. */
export const imageFile = (item: { id: string }) => `${item.id}.jpg`;

/** Downloads the item's first image into `dir` (unless an earlier run did); written whole or not at all. */
export async function saveImage(dir: string, id: string, url: string, signal?: AbortSignal): Promise<string> {
  const file = join(dir, imageFile({ id }));
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  const response = await fetch(url, { signal: signal ?? AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`downloading ${url}: HTTP ${response.status}`);
  const partial = `${file}.part`;
  await writeFile(partial, new Uint8Array(await response.arrayBuffer()));
  await rename(partial, file);
  return file;
}

export interface ItemOutput {
  id: string;
  photo: string;
  style: string;
  status: ItemReport['status'];
  charged: boolean;
  requestId?: string | undefined;
  /** The saved image's file name, in the output folder. */
  image?: string | undefined;
  output?: string[] | undefined;
  error?: string | undefined;
}

/** report.json, and what `--json` prints. */
export interface StageReport {
  ok: boolean;
  credits: number;
  balance: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Ids of the items charged (or possibly charged). */
  charged: string[];
  items: ItemOutput[];
}

/** `before`: where the contact sheet shows each photo from, by photo name (its URL otherwise). */
export function stageReport(plan: BatchPlan, report: BatchReport, saved: ReadonlySet<string>, before: Record<string, string>): StageReport {
  const items = report.items.map(
    ({ item, status, charged, requestId, output, error }): ItemOutput => ({
      id: item.id,
      photo: before[item.name] ?? item.photo,
      style: item.variant,
      status,
      charged,
      ...(requestId === undefined ? {} : { requestId }),
      ...(saved.has(item.id) ? { image: imageFile(item) } : {}),
      ...(output === undefined ? {} : { output }),
      ...(error === undefined ? {} : { error }),
    }),
  );
  const ok = report.succeeded === plan.items.length && saved.size === plan.items.length;
  const { succeeded, failed, cancelled, charged } = report;
  return { ok, credits: plan.credits, balance: plan.balance, succeeded, failed, cancelled, charged, items };
}

export async function writeOutputs(dir: string, report: StageReport): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(dir, CONTACT_SHEET_FILE), contactSheet(report));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Before/after pairs, one row per item; a failed item shows why. */
function contactSheet(report: StageReport): string {
  const rows = report.items.map((item) => {
    const after = item.image
      ? `<img src="${escapeHtml(item.image)}" alt="${escapeHtml(item.id)}" loading="lazy">`
      : `<p class="error">${escapeHtml(item.status)}${item.error ? `: ${escapeHtml(item.error)}` : ''}</p>`;
    return `<figure><img src="${escapeHtml(item.photo)}" alt="before" loading="lazy">${after}<figcaption>${escapeHtml(item.id)}</figcaption></figure>`;
  });
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Staged photos</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; }
figure { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; margin: 0 0 1.5rem; }
figure img { width: 100%; height: auto; }
figcaption { grid-column: 1 / -1; }
.error { color: #b00020; }
</style>
<h1>Staged photos: ${report.succeeded} of ${report.items.length}</h1>
${rows.join('\n')}
</html>
`;
}
