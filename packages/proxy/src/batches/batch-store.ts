/**
 * A batch as the proxy's store keeps it: its journal (core's records) and status under one key, so any instance
 * answers its state; its events and a cancel on channels, so any instance streams or cancels it. Only the instance
 * that runs a batch writes it.
 */
import { type BatchJournal, type BatchProgress, batchReport, type JournalRecord, replayJournal } from '@room-restyler/core/batch';
import type { ProxyContext } from '../context.js';
import { notFound } from '../http/responses.js';

export type BatchStatus = 'running' | 'ended' | 'cancelled' | 'failed';

interface BatchDoc {
  status: BatchStatus;
  records: JournalRecord[];
}

/** A message on the batch's channel: what its event stream sends. */
export interface BatchEvent {
  event: 'progress' | 'item' | 'end';
  data: unknown;
}

/** A finished batch stays readable this long. */
const BATCH_TTL_MS = 24 * 60 * 60 * 1000;

const docKey = (id: string) => `batch:${id}`;
export const eventsChannel = (id: string) => `batch:${id}`;
export const cancelChannel = (id: string) => `batch-cancel:${id}`;

/** The batch as stored, or a 404. */
export async function existingBatch({ store }: ProxyContext, id: string): Promise<BatchDoc> {
  const text = await store.get(docKey(id));
  if (text === undefined) throw notFound('No such batch');
  return JSON.parse(text) as BatchDoc;
}

/** The running batch's journal and status, each change written whole (in order) to the store. */
export function storedBatch({ store }: ProxyContext, id: string) {
  const doc: BatchDoc = { status: 'running', records: [] };
  let written = Promise.resolve();
  const write = () => {
    const text = JSON.stringify(doc);
    written = written.then(() => store.set(docKey(id), text, BATCH_TTL_MS));
    return written;
  };
  const journal: BatchJournal = {
    read: async () => [...doc.records],
    append: (record) => {
      doc.records.push(record);
      return write();
    },
  };
  return {
    journal,
    async end(status: BatchStatus): Promise<void> {
      doc.status = status;
      await write();
      await publish(store, id, { event: 'end', data: batchState(id, doc) });
    },
  };
}

/** Events are a courtesy: what a stream misses while the store is away, the batch's state still says. */
export function publish(store: ProxyContext['store'], id: string, message: BatchEvent): Promise<void> {
  return store.publish(eventsChannel(id), JSON.stringify(message)).catch(() => {});
}

/** The batch for its caller: each item's outcome and images, and which items were charged. */
export function batchState(id: string, doc: BatchDoc) {
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

/** A progress update as the event stream sends it. */
export function progressData(progress: Omit<BatchProgress, 'ended'>) {
  const { total, succeeded, failed, running, remaining, concurrency, paused, estimatedRemainingMs } = progress;
  return { total, succeeded, failed, running, remaining, concurrency, paused, estimated_remaining_ms: estimatedRemainingMs ?? null };
}
