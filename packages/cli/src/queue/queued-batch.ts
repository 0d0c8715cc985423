/**
 * A batch on BullMQ, for many machines sharing the work: one queued job per item (its id as the
 * job id, so queueing the batch again adds nothing), the journal in Redis beside the queue, and
 * each machine a worker. A worker runs its item through core's `runItem` from what the journal
 * says, so an item whose worker died (`kill -9`: BullMQ hands its job to another worker once its
 * lock expires) is followed or reconciled, never started twice. A 429 pauses the whole queue for
 * its Retry-After (BullMQ's rate limit).
 */
import { systemClock } from '@room-restyler/core';
import {
  type BatchClient,
  type BatchPlan,
  type BatchProgress,
  type BatchReport,
  batchLedger,
  batchReport,
  NO_RETRY_AFTER_MS,
  recall,
  replayJournal,
  runItem,
} from '@room-restyler/core/batch';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { type RedisList, redisJournal } from './redis-journal.js';

export interface QueuedBatchOptions {
  /** `redis://…`: the Redis the proxy uses will do. */
  url: string;
  /** Names the queue and the journal: every machine working on the batch gives the same. */
  name: string;
  /** Items this machine has in flight at most. */
  concurrency: number;
  onProgress?: ((progress: BatchProgress) => void) | undefined;
  /** Aborted: this machine stops (its jobs go back to the queue for the others, or a resume). */
  signal?: AbortSignal | undefined;
}

/** A dead worker's job is handed on once its lock expires (renewed every half of it while the worker lives). */
const LOCK_MS = 10_000;

/** The plan journalled for `name`, if a batch of that name was queued. */
export async function queuedPlan(options: Pick<QueuedBatchOptions, 'url' | 'name'>): Promise<BatchPlan | undefined> {
  const queue = openQueue(options);
  try {
    return replayJournal(await redisJournal(listOf(await queue.client), journalKey(options.name)).read())?.plan;
  } finally {
    await queue.close();
  }
}

/** Queues `plan` (unless a batch of that name is journalled already) and works on it until every item ended. */
export async function runQueuedBatch(client: BatchClient, plan: BatchPlan, options: QueuedBatchOptions): Promise<BatchReport> {
  const queue = openQueue(options);
  const journal = redisJournal(listOf(await queue.client), journalKey(options.name));
  const events = new QueueEvents(queueName(options.name), { connection: connection(options.url) });
  const stopped = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal;
  let worker: Worker | undefined;
  try {
    if ((await journal.read()).length === 0) await journal.append({ kind: 'plan', plan });
    await queue.addBulk(plan.items.map((item) => ({ name: 'item', data: { id: item.id }, opts: { jobId: item.id } })));
    // A job fails only when its machine stopped it (Ctrl-C) or lost Redis: the journal says where its item is, so it runs again.
    await Promise.all((await queue.getFailed()).map((job) => job.retry()));
    const state = async () => replayJournal(await journal.read())?.items ?? new Map();

    worker = new Worker(
      queueName(options.name),
      async (job) => {
        const item = plan.items.find((one) => one.id === job.data.id);
        const items = await state();
        const itemState = items.get(job.data.id);
        if (!item || !itemState || itemState.end) return;
        // The ledger holds every start the journal knows, this item's own included (the one reconciliation judges).
        const ledger = batchLedger(systemClock);
        await recall(ledger, items.values());
        const outcome = await runItem(item, itemState, { client, ledger, journal, clock: systemClock, signal, wait: {} });
        if (outcome.kind === 'rate_limited') {
          await worker?.rateLimit(outcome.retryAfterMs ?? NO_RETRY_AFTER_MS);
          throw Worker.RateLimitError();
        }
      },
      {
        connection: connection(options.url),
        concurrency: options.concurrency,
        lockDuration: LOCK_MS,
        stalledInterval: LOCK_MS / 2,
        maxStalledCount: 100,
      },
    );

    // Done when every item ended, on this machine or another: looked at whenever a job of the queue settles.
    const done = new Promise<void>((resolve, reject) => {
      let over = false;
      const finish = (error?: unknown) => {
        if (over) return;
        over = true;
        if (error === undefined) resolve();
        else reject(error);
      };
      const look = async () => {
        if (over) return;
        const items = await state();
        const { succeeded, failed } = batchReport(plan, items);
        const running = [...items.values()].filter((item) => item.start !== undefined && item.end === undefined).length;
        options.onProgress?.({
          total: plan.items.length,
          succeeded,
          failed,
          running,
          remaining: plan.items.length - succeeded - failed,
          concurrency: options.concurrency,
          paused: false,
          estimatedRemainingMs: undefined,
        });
        if (succeeded + failed === plan.items.length) finish();
      };
      const lookNow = () => void look().catch(finish);
      events.on('completed', lookNow);
      events.on('failed', lookNow);
      worker?.on('completed', lookNow);
      signal.addEventListener('abort', () => finish(), { once: true });
      lookNow();
    });
    await done;
    return batchReport(plan, await state());
  } finally {
    stopped.abort();
    await worker?.close();
    await events.close();
    await queue.close();
  }
}

/** BullMQ's connection is an ioredis client: its type names only the commands BullMQ uses, not the list's. */
const listOf = (client: unknown) => client as RedisList;
const queueName = (name: string) => `room-restyler-batch-${name}`;
const journalKey = (name: string) => `room-restyler:batch:${name}:journal`;
// BullMQ's workers block on Redis: their connection must never give up on a command.
const connection = (url: string) => ({ url, maxRetriesPerRequest: null });
const openQueue = ({ url, name }: Pick<QueuedBatchOptions, 'url' | 'name'>) => new Queue(queueName(name), { connection: connection(url) });
