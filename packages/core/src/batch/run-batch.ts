/**
 * Runs a planned batch: its items through start-once and the one follow loop, at most as many in
 * flight as the adaptive limit allows (a 429 halves it and holds new starts for its Retry-After),
 * one progress stream, pause/resume/cancel. Every step is journalled first, so a batch run again
 * on the same journal (after a crash, a `kill -9`, a cancel) skips what ended, follows the jobs
 * already made and starts each item at most once.
 */
import { type Clock, systemClock } from '../abort.js';
import { DEFAULT_CALL_TIMEOUT_MS } from '../call.js';
import { createMemoryStartStore, StartLedger } from '../start/index.js';
import type { WaitOptions } from '../wait.js';
import { AdaptiveLimit } from './adaptive-limit.js';
import type { BatchItem } from './items.js';
import { applyRecord, type BatchJournal, type ItemState, memoryJournal, replayJournal } from './journal.js';
import type { BatchPlan } from './plan.js';
import { type BatchProgress, estimateBatchMs } from './progress.js';
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
  clock?: Clock | undefined;
}

export interface ItemReport {
  item: BatchItem;
  status: 'succeeded' | 'failed' | 'cancelled';
  requestId?: string | undefined;
  output?: string[] | undefined;
  error?: string | undefined;
  /** A job was made for it (or may have been): its credit is spent, and a resume follows it rather than start it again. */
  charged: boolean;
}

export interface BatchReport {
  items: ItemReport[];
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Ids of the items charged (or possibly charged). */
  charged: string[];
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
const NO_RETRY_AFTER_MS = 1_000;

/**
 * What the last runs' starts tell reconciliation: their jobs are known (no lost start adopts
 * one), a start that died unanswered is counted in flight (unknown once past its deadline), and
 * one whose outcome stayed unknown is counted so (a job in its window could be its own).
 */
async function recall(ledger: StartLedger, states: ItemState[]): Promise<void> {
  const sent = states.flatMap(({ start, requestId, end }) => (start ? [{ start, requestId, end }] : []));
  for (const { start, requestId, end } of sent.sort((a, b) => a.start.startedAt - b.start.startedAt)) {
    const unknown = end?.kind === 'failed' && end.charged;
    if (requestId !== undefined) await ledger.claimPrediction(requestId, start);
    else if (end === undefined || unknown) await ledger.open(start);
    if (requestId === undefined && unknown) await ledger.markUnknown(start);
  }
}

/** Runs `plan` (appended to the journal first), or resumes it from the journal's records. */
export function runBatch(client: BatchClient, plan: BatchPlan, options: BatchOptions = {}): Batch {
  const journal = options.journal ?? memoryJournal();
  const clock = options.clock ?? systemClock;
  const limit = new AdaptiveLimit(options.concurrency ?? DEFAULT_BATCH_CONCURRENCY);
  const ledger = new StartLedger(createMemoryStartStore({ now: () => clock.now() }), {
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
  });
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

  function report(): BatchReport {
    const reports = plan.items.map((item): ItemReport => {
      const { start, requestId, end } = items.get(item.id) ?? {};
      if (end?.kind === 'succeeded') return { item, status: 'succeeded', requestId, output: end.output, charged: true };
      if (end) return { item, status: 'failed', requestId: end.requestId, error: end.error, charged: end.charged };
      return { item, status: 'cancelled', requestId, charged: start !== undefined };
    });
    const count = (status: ItemReport['status']) => reports.filter((item) => item.status === status).length;
    return {
      items: reports,
      succeeded: count('succeeded'),
      failed: count('failed'),
      cancelled: count('cancelled'),
      charged: reports.filter((item) => item.charged).map(({ item }) => item.id),
    };
  }

  function progress(ended?: ItemEnd): void {
    const { succeeded, failed } = report();
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
    else finish(report());
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
          limit.rateLimited();
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
    await recall(ledger, [...items.values()]);
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
