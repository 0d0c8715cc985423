/**
 * Runs a planned batch: its items through start-once and the one follow loop, at most as many in
 * flight as the adaptive limit allows (a 429 sets it to the items still in flight and holds new
 * starts for its Retry-After),
 * one progress stream, pause/resume/cancel. Every step is journalled first, so a batch run again
 * on the same journal (after a crash, a `kill -9`, a cancel) skips what ended, follows the jobs
 * already made and starts each item at most once.
 */
import { type Clock, systemClock } from '../abort.js';
import type { StartLedger } from '../start/index.js';
import type { WaitOptions } from '../wait.js';
import { AdaptiveLimit } from './adaptive-limit.js';
import { batchLedger, recall } from './batch-ledger.js';
import type { BatchItem } from './items.js';
import { applyRecord, type BatchJournal, type ItemState, memoryJournal, replayJournal } from './journal.js';
import type { BatchPlan } from './plan.js';
import { type BatchProgress, estimateBatchMs } from './progress.js';
import { type BatchReport, batchReport } from './report.js';
import { type BatchClient, type ItemEnd, runItem } from './run-item.js';

export interface BatchOptions {
  /** Default: in memory (nothing survives the process). A journal with records resumes the batch they record. */
  journal?: BatchJournal | undefined;
  /** Items in flight at most. Default 4. */
  concurrency?: number | undefined;
  onProgress?: ((progress: BatchProgress) => void) | undefined;
  /** Each item's follow: its deadline and schedule. */
  wait?: Pick<WaitOptions, 'timeoutMs' | 'schedule'> | undefined;
  /** The client's POST timeout, which bounds when a lost start's job can appear. Default 30 s. */
  upstreamTimeoutMs?: number | undefined;
  /**
   * The program's start ledger, so a lost start of the batch is judged among every start the program made on the key
   * (its other starts' jobs are never adopted). Default: the batch's own, in memory.
   */
  ledger?: StartLedger | undefined;
  clock?: Clock | undefined;
}

export interface Batch {
  /** Resolves when every item ended, or once cancelled items have stopped. */
  readonly done: Promise<BatchReport>;
  /** No new item starts; those in flight go on. */
  pause(): void;
  resume(): void;
  /** Stops every item now; the report says which were already charged (a resume follows those). */
  cancel(): Promise<BatchReport>;
}

export const DEFAULT_BATCH_CONCURRENCY = 4;
/** A 429 that says no Retry-After holds new starts this long. */
export const NO_RETRY_AFTER_MS = 1_000;

/** Runs `plan` (appended to the journal first), or resumes it from the journal's records. */
export function runBatch(client: BatchClient, plan: BatchPlan, options: BatchOptions = {}): Batch {
  const journal = options.journal ?? memoryJournal();
  const clock = options.clock ?? systemClock;
  const limit = new AdaptiveLimit(options.concurrency ?? DEFAULT_BATCH_CONCURRENCY);
  const ledger = options.ledger ?? batchLedger(clock, options.upstreamTimeoutMs);
  const cancelled = new AbortController();
  const items = new Map(plan.items.map((item): [string, ItemState] => [item.id, {}]));
  const queue: BatchItem[] = [];
  const durations: number[] = [];
  let running = 0;
  let paused = false;
  let holdUntil = 0;
  let holding = false;
  let failure: { error: unknown } | undefined;
  let finish: (report: BatchReport) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<BatchReport>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const context = {
    client,
    ledger,
    clock,
    signal: cancelled.signal,
    wait: options.wait ?? {},
    journal: {
      read: () => journal.read(),
      async append(record) {
        await journal.append(record);
        applyRecord(items, record);
      },
    } satisfies BatchJournal,
  };

  function progress(ended?: ItemEnd): void {
    const { succeeded, failed } = batchReport(plan, items);
    const remaining = plan.items.length - succeeded - failed;
    options.onProgress?.({
      total: plan.items.length,
      succeeded,
      failed,
      running,
      remaining,
      concurrency: limit.limit,
      paused,
      estimatedRemainingMs: estimateBatchMs(durations, remaining, limit.limit),
      ended,
    });
  }

  function settleIfIdle(): void {
    if (running !== 0 || (queue.length > 0 && !cancelled.signal.aborted)) return;
    if (failure) fail(failure.error);
    else finish(batchReport(plan, items));
  }

  function pump(): void {
    if (cancelled.signal.aborted) {
      settleIfIdle();
      return;
    }
    const wait = holdUntil - clock.now();
    if (wait > 0 && !holding) {
      holding = true;
      clock.sleep(wait, cancelled.signal).then(
        () => {
          holding = false;
          pump();
        },
        () => settleIfIdle(),
      );
    }
    while (!paused && wait <= 0 && running < limit.limit && queue.length > 0) launch(queue.shift() as BatchItem);
    settleIfIdle();
  }

  function launch(item: BatchItem): void {
    running++;
    const startedAt = clock.now();
    runItem(item, items.get(item.id) ?? {}, context).then(
      (outcome) => {
        running--;
        if (outcome.kind === 'rate_limited') {
          limit.rateLimited(running);
          holdUntil = Math.max(holdUntil, clock.now() + (outcome.retryAfterMs ?? NO_RETRY_AFTER_MS));
          queue.unshift(item);
          progress();
        } else {
          if (outcome.kind === 'succeeded') limit.succeeded();
          durations.push(clock.now() - startedAt);
          progress(outcome);
        }
        pump();
      },
      (error: unknown) => {
        // A cancel, or a journal that failed: the item stays as journalled, for a resume.
        running--;
        stop(error);
      },
    );
  }

  async function begin(): Promise<void> {
    const resumed = replayJournal(await journal.read());
    if (resumed === undefined) await journal.append({ kind: 'plan', plan });
    else for (const [id, state] of resumed.items) items.set(id, state);
    await recall(ledger, items.values());
    // Jobs already made first: following them costs nothing.
    const open = plan.items.filter((item) => items.get(item.id)?.end === undefined);
    queue.push(...open.filter((item) => items.get(item.id)?.requestId !== undefined));
    queue.push(...open.filter((item) => items.get(item.id)?.requestId === undefined));
    progress();
    pump();
  }

  /** Ends the batch on a failure of its own (its journal): no item goes on unjournalled. */
  function stop(error: unknown): void {
    if (!cancelled.signal.aborted) {
      failure = { error };
      cancelled.abort(error);
    }
    settleIfIdle();
  }

  begin().catch(stop);

  return {
    done,
    pause() {
      paused = true;
      progress();
    },
    resume() {
      paused = false;
      progress();
      pump();
    },
    cancel() {
      cancelled.abort();
      settleIfIdle();
      return done;
    },
  };
}
