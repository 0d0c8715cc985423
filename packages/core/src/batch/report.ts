/** What became of each item of a batch, from its items' states: succeeded, failed, or cancelled (not ended), and whether it was charged. */
import type { BatchItem } from './items.js';
import type { ItemState } from './journal.js';
import type { BatchPlan } from './plan.js';

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

export function batchReport(plan: BatchPlan, items: ReadonlyMap<string, ItemState>): BatchReport {
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
