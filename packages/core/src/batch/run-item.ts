/**
 * One item of a batch, from where its journal left it to its end: a job it made is followed, a
 * start whose answer died with the last run is reconciled from the account's list, and a start is
 * sent through start-once (journalled before the POST) — so no item is ever started twice.
 */
import type { Clock } from '../abort.js';
import type { GenerationStarted, StartOptions } from '../client.js';
import { RateLimitedError } from '../errors.js';
import { startOf } from '../generate.js';
import type { GenerationOperation, OperationBody } from '../operations.js';
import { type Reconciled, reconcile, type Start, type StartLedger, startOnce } from '../start/index.js';
import type { Prediction, PredictionList } from '../types.js';
import type { WaitOptions } from '../wait.js';
import type { BatchItem } from './items.js';
import type { BatchJournal, ItemState, JournalRecord } from './journal.js';

/** The calls of a client a batch makes. */
export interface BatchClient {
  start<O extends GenerationOperation>(operation: O, body: OperationBody<O>, options?: StartOptions): Promise<GenerationStarted>;
  waitForPrediction(id: string, options?: WaitOptions): Promise<Prediction>;
  listPredictions(options?: { limit?: number; signal?: AbortSignal | undefined }): Promise<PredictionList>;
}

export interface ItemContext {
  client: BatchClient;
  ledger: StartLedger;
  journal: BatchJournal;
  clock: Clock;
  signal: AbortSignal;
  wait: Pick<WaitOptions, 'timeoutMs' | 'schedule'>;
}

export type ItemEnd = Extract<JournalRecord, { kind: 'succeeded' | 'failed' }>;

/** The service refused the start with a 429 (nothing was charged): the item goes back in the queue. */
export interface RateLimited {
  kind: 'rate_limited';
  retryAfterMs: number | undefined;
}

/** Reconciliation is looked at again this many times while it says looking later may tell more. */
const RECONCILE_LOOKS = 3;

/** Runs the item to its end (journalled), or to a 429; throws only when the batch's signal aborts it. */
export async function runItem(item: BatchItem, state: ItemState, context: ItemContext): Promise<ItemEnd | RateLimited> {
  // A stopped batch starts nothing: a start aborted before its POST would still count as possibly charged.
  context.signal.throwIfAborted();
  if (state.requestId !== undefined) return follow(item, state.requestId, context, undefined);
  if (state.start !== undefined) {
    const found = await reconcileLost(state.start, context);
    if (found.outcome !== 'unknown') await context.ledger.close(state.start, 'in_flight');
    if (found.outcome === 'adopted') {
      await context.journal.append({ kind: 'accepted', item: item.id, requestId: found.requestId });
      return follow(item, found.requestId, context, undefined);
    }
    if (found.outcome === 'unknown')
      return end(context, { kind: 'failed', item: item.id, error: mayBeCharged(found.reason), charged: true });
  }
  return start(item, context);
}

async function start(item: BatchItem, context: ItemContext): Promise<ItemEnd | RateLimited> {
  const { client, ledger, journal, clock, signal } = context;
  const startedAt = clock.now();
  const result = await startOnce(() => startOf(client, item.input, { idempotencyKey: item.key, signal, retry: false }), {
    ledger,
    signal,
    now: () => clock.now(),
    list: (limit) => client.listPredictions({ limit, signal }),
    beforeSend: (sent) => journal.append({ kind: 'sending', item: item.id, start: sent }),
  });
  if (result.outcome === 'accepted') {
    const { requestId } = result.started;
    await journal.append({ kind: 'accepted', item: item.id, requestId });
    return follow(item, requestId, context, startedAt);
  }
  if (result.outcome === 'unknown')
    return end(context, { kind: 'failed', item: item.id, error: mayBeCharged(result.reason), charged: true });
  if (result.error instanceof RateLimitedError) {
    await journal.append({ kind: 'refused', item: item.id });
    return { kind: 'rate_limited', retryAfterMs: result.error.retryAfterMs };
  }
  return end(context, { kind: 'failed', item: item.id, error: messageOf(result.error), charged: false });
}

/** `startedAt`: when this run started the job (its schedule counts from there); undefined for a job an earlier run started. */
async function follow(item: BatchItem, requestId: string, context: ItemContext, startedAt: number | undefined): Promise<ItemEnd> {
  const { client, signal } = context;
  try {
    const prediction = await client.waitForPrediction(requestId, {
      ...context.wait,
      signal,
      operation: item.input.operation,
      ...(startedAt === undefined ? {} : { startedAt, pollImmediately: false }),
    });
    return end(context, { kind: 'succeeded', item: item.id, requestId, output: prediction.output ?? [] });
  } catch (error) {
    // Cancelled: the job stays journalled as accepted, for a resumed batch to follow.
    if (signal.aborted) throw error;
    return end(context, { kind: 'failed', item: item.id, error: messageOf(error), charged: true, requestId });
  }
}

async function end(context: ItemContext, record: ItemEnd): Promise<ItemEnd> {
  await context.journal.append(record);
  return record;
}

/** A start of the last run whose answer was never journalled: its job found in the account's list, or none made. */
async function reconcileLost(start: Start, context: ItemContext): Promise<Reconciled> {
  const { client, ledger, clock, signal } = context;
  const list = (limit: number) => client.listPredictions({ limit, signal });
  for (let look = 1; ; look++) {
    const found = await reconcile({ ledger, list, now: clock.now() }, { start, state: 'in_flight' });
    if (found.outcome !== 'unknown' || look === RECONCILE_LOOKS || found.retryAfterMs > ledger.spanMs) return found;
    await clock.sleep(found.retryAfterMs, signal);
  }
}

const mayBeCharged = (reason: string) => `its start may have been charged and cannot be told (${reason}): not started again`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
