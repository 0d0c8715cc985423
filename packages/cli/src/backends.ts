/**
 * Where a batch's journal lives and who works on it: a file in the output folder and this process
 * (one machine), or Redis and BullMQ (`--queue`: every machine running the same command shares the work).
 */
import { basename, join, resolve } from 'node:path';
import { type BatchClient, type BatchPlan, type BatchProgress, type BatchReport, replayJournal, runBatch } from '@room-restyler/core/batch';
import { fileJournal, JOURNAL_FILE } from './file-journal.js';

export interface RunOptions {
  concurrency: number;
  onProgress: (progress: BatchProgress) => void;
  /** Aborted (Ctrl-C): the batch stops, and the report says which items were charged. */
  signal: AbortSignal;
}

export interface BatchBackend {
  /** Where the batch is kept, for messages. */
  readonly where: string;
  /** The plan journalled already, if any. */
  plan(): Promise<BatchPlan | undefined>;
  run(client: BatchClient, plan: BatchPlan, options: RunOptions): Promise<BatchReport>;
  close(): Promise<void>;
}

export function fileBackend(out: string): BatchBackend {
  const journal = fileJournal(join(out, JOURNAL_FILE));
  return {
    where: out,
    plan: async () => replayJournal(await journal.read())?.plan,
    async run(client, plan, { concurrency, onProgress, signal }) {
      const batch = runBatch(client, plan, { journal, concurrency, onProgress });
      const cancel = () => void batch.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      return batch.done.finally(() => signal.removeEventListener('abort', cancel));
    },
    close: () => journal.close(),
  };
}

/** The batch named after the output folder, on the Redis at `url`. */
export function queueBackend(url: string, out: string): BatchBackend {
  const name = basename(resolve(out));
  const queue = () =>
    import('./queue/queued-batch.js').catch((error: unknown) => {
      throw new Error('--queue needs the package bullmq: npm install bullmq', { cause: error });
    });
  return {
    where: `the queue ${name} on ${new URL(url).host}`,
    plan: async () => (await queue()).queuedPlan({ url, name }),
    run: async (client, plan, options) => (await queue()).runQueuedBatch(client, plan, { url, name, ...options }),
    close: async () => {},
  };
}
