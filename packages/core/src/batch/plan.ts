/** A batch priced before anything is spent: its items, what they cost, the account's balance, and whether it fits. */
import type { CallOptions } from '../call.js';
import { operationCredits } from '../operations.js';
import type { Account } from '../types.js';
import type { BatchItem } from './items.js';

export interface BatchPlan {
  items: BatchItem[];
  /** What every item together costs (the spec's `x-credits` of each item's operation). */
  credits: number;
  /** `credits_remaining` from `GET /me` when planned. */
  balance: number;
  fits: boolean;
}

export interface PlanClient {
  me(options?: CallOptions): Promise<Account>;
}

export async function planBatch(client: PlanClient, items: BatchItem[], options?: CallOptions): Promise<BatchPlan> {
  const credits = items.reduce((sum, item) => sum + operationCredits[item.input.operation], 0);
  const balance = (await client.me(options)).credits_remaining;
  return { items, credits, balance, fits: credits <= balance };
}
