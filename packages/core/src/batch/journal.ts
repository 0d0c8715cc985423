/**
 * A batch's journal: its plan, then one record per step of each item, appended in order. What a
 * resumed batch knows of the run that died: which items were sent (with the start reconciliation
 * needs), which jobs they made, and how they ended. Backends outside core write it durably (the
 * CLI's file of JSON lines); the memory one serves one process and tests.
 */
import type { Start } from '../start/index.js';
import type { BatchPlan } from './plan.js';

export type JournalRecord =
  | { kind: 'plan'; plan: BatchPlan }
  /** Written before the item's POST: from here on it may be charged. */
  | { kind: 'sending'; item: string; start: Start }
  | { kind: 'accepted'; item: string; requestId: string }
  /** The service refused the start (a 429): it made no job, and the item may be sent again. */
  | { kind: 'refused'; item: string }
  | { kind: 'succeeded'; item: string; requestId: string; output: string[] }
  /** `charged`: a job was made (it failed, or its follow stopped), or may have been (`unknown` outcome of the start). */
  | { kind: 'failed'; item: string; error: string; charged: boolean; requestId?: string | undefined };

export interface BatchJournal {
  /** Every record so far, in the order appended (empty for a new batch). */
  read(): Promise<JournalRecord[]>;
  /** Resolves once the record is kept (durably, for a durable backend). */
  append(record: JournalRecord): Promise<void>;
}

export function memoryJournal(records: JournalRecord[] = []): BatchJournal & { records: JournalRecord[] } {
  return {
    records,
    async read() {
      return [...records];
    },
    async append(record) {
      records.push(record);
    },
  };
}

/** What the journal says of one item: its last start sent, its job, its end. */
export interface ItemState {
  start?: Start | undefined;
  requestId?: string | undefined;
  end?: Extract<JournalRecord, { kind: 'succeeded' | 'failed' }> | undefined;
}

/** The plan and each item's state, from a journal's records; undefined for an empty journal. */
export function replayJournal(records: readonly JournalRecord[]): { plan: BatchPlan; items: Map<string, ItemState> } | undefined {
  const [first, ...rest] = records;
  if (first === undefined) return undefined;
  if (first.kind !== 'plan') throw new TypeError('replayJournal: a batch journal starts with its plan');
  const items = new Map(first.plan.items.map((item): [string, ItemState] => [item.id, {}]));
  for (const record of rest) applyRecord(items, record);
  return { plan: first.plan, items };
}

/** An item's record applied to the states of the plan's items. */
export function applyRecord(items: Map<string, ItemState>, record: JournalRecord): void {
  if (record.kind === 'plan') throw new TypeError('replayJournal: a batch journal has one plan');
  const state = items.get(record.item);
  if (!state) throw new TypeError(`replayJournal: item ${record.item} is not in the plan`);
  if (record.kind === 'sending') Object.assign(state, { start: record.start, requestId: undefined });
  else if (record.kind === 'accepted') state.requestId = record.requestId;
  else if (record.kind === 'refused') state.start = undefined;
  else state.end = record;
}
