/**
 * Finding the job of a start whose answer was lost (a reset, a timeout, a crash, the store failing
 * after the POST), in the service's `GET /api/v1/predictions`. The list carries no inputs, so a
 * job is matched by its creation time and by elimination:
 *
 * - candidates are listed predictions created within the start's window (from just before its
 *   POST, to now, give or take the clocks' difference) that no other start owns;
 * - exactly one candidate, and no other unresolved start that could have made it → adopted, through
 *   one atomic claim (two starts adopting the same job: one wins);
 * - no candidate once the start's deadline has passed (the list covering the whole window) → it
 *   made no job, and a new one may be started;
 * - anything else (several candidates, another start still unresolved, a list that cannot be read
 *   or does not reach back far enough) → unknown: answered as such, never guessed, never retried.
 */
import type { PredictionList } from '@room-restyler/core';
import { MAX_LISTED_PREDICTIONS, type Upstream } from '../upstream/upstream.js';
import type { Start, StartLedger } from './starts.js';

export type Reconciled = { outcome: 'adopted'; requestId: string } | { outcome: 'not_started' } | { outcome: 'unknown'; reason: string };

/** How far the service's clock may be from the proxy's. */
const CLOCK_SKEW_MS = 5_000;

export interface ReconcileContext {
  upstream: Upstream;
  starts: StartLedger;
  now: number;
}

/** Never throws: a store or service failure makes the outcome unknown. */
export async function reconcile(context: ReconcileContext, start: Start): Promise<Reconciled> {
  try {
    return await match(context, start);
  } catch {
    return { outcome: 'unknown', reason: 'the proxy could not check (store or service unreachable)' };
  }
}

async function match({ upstream, starts, now }: ReconcileContext, start: Start): Promise<Reconciled> {
  const reply = await upstream.listPredictions();
  const listed = reply.status === 200 ? createdTimes(reply.body) : undefined;
  if (!listed) return { outcome: 'unknown', reason: `the service's list of predictions could not be read (HTTP ${reply.status})` };

  const from = start.startedAt - CLOCK_SKEW_MS;
  const to = now + CLOCK_SKEW_MS;
  const oldest = listed.at(-1)?.createdAt ?? Number.POSITIVE_INFINITY;
  const reachesBack = listed.length < MAX_LISTED_PREDICTIONS || oldest < from;

  const candidates: string[] = [];
  for (const { id, createdAt } of listed) {
    if (createdAt < from || createdAt > to) continue;
    const owner = await starts.ownerOf(id);
    // Adopted already, by a concurrent look for the same start.
    if (owner === start.id) return { outcome: 'adopted', requestId: id };
    if (owner === undefined) candidates.push(id);
  }
  if (!reachesBack) return { outcome: 'unknown', reason: 'more predictions were created since than the service lists' };

  if (candidates.length === 0) {
    return now >= start.deadline ? { outcome: 'not_started' } : { outcome: 'unknown', reason: 'no job found yet' };
  }
  const [only, ...others] = candidates;
  if (only === undefined || others.length > 0) return { outcome: 'unknown', reason: `${candidates.length} jobs could be this one` };
  // This start is itself counted until it is resolved.
  if ((await starts.unresolvedAround(from, to)) > 1) return { outcome: 'unknown', reason: 'another start could own the job found' };
  const owner = await starts.claimPrediction(only, start);
  return owner === undefined ? { outcome: 'adopted', requestId: only } : { outcome: 'unknown', reason: 'another start took the job found' };
}

/** Newest first, as listed; undefined for a body that is not the spec's list. */
function createdTimes(body: unknown): Array<{ id: string; createdAt: number }> | undefined {
  const predictions = (body as Partial<PredictionList> | null)?.predictions;
  if (!Array.isArray(predictions)) return undefined;
  const out: Array<{ id: string; createdAt: number }> = [];
  for (const item of predictions) {
    const createdAt = Date.parse(item?.created_at);
    if (typeof item?.prediction_id !== 'string' || Number.isNaN(createdAt)) return undefined;
    out.push({ id: item.prediction_id, createdAt });
  }
  return out;
}
