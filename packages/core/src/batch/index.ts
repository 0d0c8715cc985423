/** `@room-restyler/core/batch`: a listing's photos × styles as one batch, priced first, run once per item, resumable from its journal. */
export type { BatchItem, BatchPhoto } from './items.js';
export { batchItems } from './items.js';
export type { BatchJournal, ItemState, JournalRecord } from './journal.js';
export { memoryJournal, replayJournal } from './journal.js';
export type { BatchPlan, PlanClient } from './plan.js';
export { planBatch } from './plan.js';
export type { BatchProgress } from './progress.js';
export type { Batch, BatchOptions, BatchReport, ItemReport } from './run-batch.js';
export { DEFAULT_BATCH_CONCURRENCY, runBatch } from './run-batch.js';
export type { BatchClient, ItemEnd } from './run-item.js';
