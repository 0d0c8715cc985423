/** `@room-restyler/core/batch`: a listing's photos × styles as one batch, priced first, run once per item, resumable from its journal. */

export { batchLedger, recall } from './batch-ledger.js';
export type { BatchItem, BatchPhoto } from './items.js';
export { batchItems } from './items.js';
export type { BatchJournal, ItemState, JournalRecord } from './journal.js';
export { applyRecord, memoryJournal, replayJournal } from './journal.js';
export type { BatchPlan, PlanClient } from './plan.js';
export { planBatch } from './plan.js';
export type { BatchProgress } from './progress.js';
export type { BatchReport, ItemReport } from './report.js';
export { batchReport } from './report.js';
export type { Batch, BatchOptions } from './run-batch.js';
export { DEFAULT_BATCH_CONCURRENCY, NO_RETRY_AFTER_MS, runBatch } from './run-batch.js';
export type { BatchClient, ItemContext, ItemEnd, RateLimited } from './run-item.js';
export { runItem } from './run-item.js';
