/**
 * `room-restyler stage`: the photos' URLs, the plan (priced against the balance), a confirmation,
 * the batch with live progress, then every image, report.json and the contact sheet in the output
 * folder. The batch is journalled there, so `--resume` continues it without starting an item twice.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { createRoomClient, type GenerateInput } from '@room-restyler/core';
import { type BatchPlan, batchItems, planBatch } from '@room-restyler/core/batch';
import { UsageError } from '@room-restyler/core/cli';
import type { StageOperation } from './args.js';
import { fileBackend, queueBackend } from './backends.js';
import { startLocalPhotoServer } from './local-photo-server.js';
import { type StageReport, saveImage, stageReport, writeOutputs } from './outputs.js';
import { checkLocalPhotos, isUrl, type PhotoRoute, photoUrls } from './photos.js';
import { progressView } from './progress-view.js';
import { openService } from './service.js';

export interface StageSettings {
  photos: string[];
  styles: string[];
  operation: StageOperation;
  out: string;
  yes: boolean;
  resume: boolean;
  json: boolean;
  concurrency: number;
  proxy: string | undefined;
  serverToken: string | undefined;
  simulate: boolean;
  /** `redis://…`: the batch on BullMQ, shared by every machine running the same command. */
  queue: string | undefined;
}

export interface StageIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborts the run (Ctrl-C): the batch is cancelled and reported; a resume follows what it charged. */
  signal: AbortSignal;
}

/** Where each photo's "before" is shown from on the contact sheet, by photo name. */
const BEFORE_FILE = 'photos.json';

export function toInput(operation: StageOperation): (photo: string, style: string) => GenerateInput {
  if (operation === 'enhance') return (image_url, style) => ({ operation, image_url, mode: 'restyle', style });
  // The staging page lists its styles; others go through for the service to judge, like every surface of the kit.
  if (operation === 'stage') return (image_url, style) => ({ operation, image_url, style: style as 'modern' });
  return (image_url, style) => ({ operation, image_url, style });
}

/** Runs the command; answers the exit code (0 only when every item succeeded and its image is saved). */
export async function stage(settings: StageSettings, io: StageIo): Promise<number> {
  const { out } = settings;
  if (settings.resume && settings.simulate)
    throw new UsageError('--resume needs the service the batch ran on, and an in-process simulator ends with its process');
  if (!settings.resume && settings.photos.length === 0) throw new UsageError('stage needs at least one photo or URL');
  await mkdir(out, { recursive: true });
  const backend = settings.queue ? queueBackend(settings.queue, out) : fileBackend(out);
  const recorded = await backend.plan();
  if (settings.resume && !recorded) throw new UsageError(`there is no batch to resume in ${backend.where}`);
  if (!settings.resume && recorded)
    throw new UsageError(`${backend.where} holds a batch already: add --resume to continue it, or choose another --out`);

  const route: PhotoRoute = settings.proxy ? { kind: 'proxy', url: settings.proxy, token: settings.serverToken } : undefined;
  if (!settings.resume) await checkLocalPhotos(settings.photos, settings.simulate || route !== undefined);
  const service = await openService(io.env, settings.simulate);
  const photoServer = settings.simulate ? await startLocalPhotoServer() : undefined;
  try {
    const client = createRoomClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    let plan: BatchPlan;
    if (recorded) {
      plan = recorded;
    } else {
      const photos = await photoUrls(settings.photos, photoServer ? { kind: 'local', server: photoServer } : route);
      const before = Object.fromEntries(photos.map(({ name, source, url }) => [name, isUrl(source) ? url : beforePath(out, source)]));
      await writeFile(join(out, BEFORE_FILE), `${JSON.stringify(before, null, 2)}\n`);
      plan = await planBatch(client, batchItems(photos, settings.styles, toInput(settings.operation)), { signal: io.signal });
      io.stderr.write(describePlan(plan, photos.length, settings.styles.length));
      if (!plan.fits) {
        io.stderr.write(
          `room-restyler: the batch costs ${plan.credits} credits and the account has ${plan.balance}: nothing was started.\n`,
        );
        return 1;
      }
      if (!settings.yes && !(await confirm(io))) {
        io.stderr.write('room-restyler: nothing was started.\n');
        return 1;
      }
    }

    const view = progressView(io.stderr, plan.items.length);
    const report = await backend
      .run(client, plan, { concurrency: settings.concurrency, onProgress: view.update, signal: io.signal })
      .finally(() => view.stop());

    const saved = new Set<string>();
    for (const item of report.items) {
      const url = item.output?.[0];
      if (item.status !== 'succeeded' || url === undefined) continue;
      await saveImage(out, item.item.id, url).then(
        () => saved.add(item.item.id),
        (error: unknown) => io.stderr.write(`room-restyler: ${item.item.id}: ${error instanceof Error ? error.message : String(error)}\n`),
      );
    }
    const before: Record<string, string> = JSON.parse(await readFile(join(out, BEFORE_FILE), 'utf8').catch(() => '{}'));
    const result = stageReport(plan, report, saved, before);
    await writeOutputs(out, result);
    if (settings.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else io.stderr.write(summary(result, out));
    return result.ok ? 0 : 1;
  } finally {
    await backend.close();
    await photoServer?.close();
    await service.close();
  }
}

/** A local photo as the contact sheet (in the output folder) reaches it. */
function beforePath(out: string, source: string): string {
  return isAbsolute(source) ? pathToFileURL(source).href : relative(out, source).split(sep).join('/');
}

function describePlan(plan: BatchPlan, photos: number, styles: number): string {
  const fits = plan.fits ? 'it fits' : 'it does NOT fit';
  return `Plan: ${plan.items.length} images (${photos} photos × ${styles} styles), ${plan.credits} credits; balance ${plan.balance}: ${fits}.\n`;
}

async function confirm(io: StageIo): Promise<boolean> {
  if (!io.stdin.isTTY) throw new UsageError('confirm the plan with --yes when not run from a terminal');
  const prompt = createInterface({ input: io.stdin, output: io.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question('Start it? [y/N] ', { signal: io.signal })).trim());
  } finally {
    prompt.close();
  }
}

function summary(result: StageReport, out: string): string {
  const lines = [`${result.succeeded} of ${result.items.length} images in ${out} (report.json, index.html).`];
  for (const item of result.items.filter((one) => one.status !== 'succeeded'))
    lines.push(`  ${item.id}: ${item.status}${item.error ? ` — ${item.error}` : ''}${item.charged ? ' (charged)' : ''}`);
  if (result.cancelled > 0) lines.push(`Run again with --resume to finish: no item is started twice.`);
  return `${lines.join('\n')}\n`;
}
