/**
 * A batch as the proxy's store keeps it: its journal (core's records) and status under one key, so any instance
 * answers its state; its events and a cancel on channels, so any instance streams or cancels it. Only the instance
 * that runs a batch writes it.
 */
import { type BatchJournal, type BatchProgress, batchReport, type JournalRecord, replayJournal } from '@room-restyler/core/batch';
import { notFound } from '../http/responses.js';
import type { ProxyStore, Unsubscribe } from '../state/store.js';

export type BatchStatus = 'running' | 'ended' | 'cancelled' | 'failed';

interface BatchDoc {
  status: BatchStatus;
  records: JournalRecord[];
}

/** A finished batch stays readable this long. */
const BATCH_TTL_MS = 24 * 60 * 60 * 1000;

/** The batch's key, and the channel of its events (`{ event, data }`: what its event stream sends). */
const batchKey = (id: string) => `batch:${id}`;
export const cancelChannel = (id: string) => `batch-cancel:${id}`;

/** The batch's state as stored, or a 404. */
export async function readBatch(store: ProxyStore, id: string): Promise<BatchState> {
  const text = await store.get(batchKey(id));
  if (text === undefined) throw notFound('No such batch');
  return batchState(id, JSON.parse(text) as BatchDoc);
}

/** Listens to the batch's events, then reads its state: an end published in between is not missed. A 404 listens to nothing. */
export async function followBatch(
  store: ProxyStore,
  id: string,
  onEvent: (event: string, data: unknown) => void,
): Promise<{ state: BatchState; unsubscribe: Unsubscribe }> {
  const unsubscribe = await store.subscribe(batchKey(id), (message) => {
    const { event, data } = JSON.parse(message) as { event: string; data: unknown };
    onEvent(event, data);
  });
  try {
    return { state: await readBatch(store, id), unsubscribe };
  } catch (error) {
    await unsubscribe().catch(() => {});
    throw error;
  }
}

/** The running batch: its journal and status, each change written whole (in order), and the events its stream sends. */
export function storedBatch(store: ProxyStore, id: string) {
  const doc: BatchDoc = { status: 'running', records: [] };
  let written = Promise.resolve();
  const write = () => {
    const text = JSON.stringify(doc);
    written = written.then(() => store.set(batchKey(id), text, BATCH_TTL_MS));
    return written;
  };
  // Events are a courtesy: what a stream misses while the store is away, the batch's state still says.
  const publish = (event: 'progress' | 'item' | 'end', data: unknown) =>
    store.publish(batchKey(id), JSON.stringify({ event, data })).catch(() => {});
  const journal: BatchJournal = {
    read: async () => [...doc.records],
    append: (record) => {
      doc.records.push(record);
      return write();
    },
  };
  return {
    journal,
    /** runBatch's progress: the item that just ended as the batch's state shows it, then the counts. */
    progress({ ended, total, succeeded, failed, running, remaining, concurrency, paused, estimatedRemainingMs }: BatchProgress): void {
      if (ended)
        void publish(
          'item',
          batchState(id, doc).items.find((item) => item.id === ended.item),
        );
      const estimated_remaining_ms = estimatedRemainingMs ?? null;
      void publish('progress', { total, succeeded, failed, running, remaining, concurrency, paused, estimated_remaining_ms });
    },
    async end(status: BatchStatus): Promise<void> {
      doc.status = status;
      await write();
      await publish('end', batchState(id, doc));
    },
  };
}

export type BatchState = ReturnType<typeof batchState>;

/** The batch for its caller: each item's outcome and images, and which items were charged. */
function batchState(id: string, doc: BatchDoc) {
  const replayed = replayJournal(doc.records);
  const report = replayed && batchReport(replayed.plan, replayed.items);
  const running = doc.status === 'running';
  return {
    id,
    status: doc.status,
    items: (report?.items ?? []).map(({ item, status, output, error, charged }) => ({
      id: item.id,
      photo: item.photo,
      style: item.variant,
      // An item not ended is still running while the batch runs.
      status: running && status === 'cancelled' ? 'running' : status,
      ...(output ? { output } : {}),
      ...(error ? { error } : {}),
      charged,
    })),
    succeeded: report?.succeeded ?? 0,
    failed: report?.failed ?? 0,
    cancelled: running ? 0 : (report?.cancelled ?? 0),
    charged: report?.charged ?? [],
  };
}
