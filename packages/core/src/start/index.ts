/** Start once: the ledger, its store, and the reconciliation of a start whose answer was lost (for core/internal). */
export type { LedgerView } from './foreign-jobs.js';
export { foreignJobs } from './foreign-jobs.js';
export type { KeyClaim, KeyScope } from './idempotency-record.js';
export { claimKey, KeyRecord } from './idempotency-record.js';
export type { ListedJob } from './listed-jobs.js';
export { listedJobs } from './listed-jobs.js';
export type { MemoryStore } from './memory-store.js';
export { createMemoryStartStore } from './memory-store.js';
export type { ReconcileContext, Reconciled } from './reconcile.js';
export { RECONCILE_LIST_LIMIT, reconcile, viewOf } from './reconcile.js';
export type { Bucket, Counted, KnownJob, Rivals, Start, StartLedgerOptions, StartState } from './start-ledger.js';
export { StartLedger } from './start-ledger.js';
export type { StartOnce, StartOnceOptions } from './start-once.js';
export { outcomeOf, startOnce } from './start-once.js';
export type { HitResult, StartStore } from './start-store.js';
