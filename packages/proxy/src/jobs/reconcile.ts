/**
 * Finding the job of a start whose answer was lost (a reset, a timeout, a crash, the store failing
 * after the POST), in the service's `GET /api/v1/predictions`. The list carries no inputs, so a
 * job is matched by its creation time and by elimination:
 *
 * - candidates are listed predictions created within the start's window (from just before its
 *   POST to when it failed, else to its deadline; the clocks' offset learned from acknowledged
 *   jobs, service-clock.ts) that no other start owns;
 * - while another start that could have made a candidate is still in flight, wait a moment: it is
 *   about to say which job is its own;
 * - exactly one candidate, and no other start whose answer was lost could have made it → adopted,
 *   through one atomic claim (two starts adopting the same job: one wins);
 * - no candidate once the start's deadline has passed (the list covering the whole window) → it
 *   made no job, and a new one may be started;
 * - anything else (several candidates, another lost start that could own the one found, a list
 *   that cannot be read or does not reach back far enough) → unknown: answered as such, never
 *   guessed, never retried.
 */
import type { PredictionList } from '@room-restyler/core';
import { MAX_LISTED_PREDICTIONS, type Upstream } from '../upstream/upstream.js';
import { CLOCK_SKEW_MS, granularityOf, type OffsetBounds, offsetBounds } from './service-clock.js';
import type { Counted, StartLedger } from './starts.js';

export type Reconciled =
  | { outcome: 'adopted'; requestId: string }
  | { outcome: 'not_started' }
  /** `retryAfterMs`: when looking again may tell more. */
  | { outcome: 'unknown'; reason: string; retryAfterMs: number };

/** Other starts in flight resolve within moments: worth looking again soon. */
const SOON_MS = 2_000;
/** How long to wait, at most, for starts in flight that could own a job found. */
const WAIT_STEP_MS = 250;
const WAIT_STEPS = 8;

const unknown = (reason: string, retryAfterMs = SOON_MS): Reconciled => ({ outcome: 'unknown', reason, retryAfterMs });

export interface ReconcileContext {
  upstream: Upstream;
  starts: StartLedger;
  now: number;
}

/** Never throws: a store or service failure makes the outcome unknown. */
export async function reconcile(context: ReconcileContext, lost: Counted): Promise<Reconciled> {
  try {
    return await match(context, lost);
  } catch {
    return unknown('the proxy could not check (store or service unreachable)');
  }
}

type Listed = { id: string; createdAt: number };

async function match(context: ReconcileContext, lost: Counted): Promise<Reconciled> {
  const { start } = lost;
  const reply = await context.upstream.listPredictions();
  const listed = reply.status === 200 ? createdTimes(reply.body) : undefined;
  if (!listed) return unknown(`the service's list of predictions could not be read (HTTP ${reply.status})`);
  const oldest = listed.at(-1)?.createdAt ?? Number.POSITIVE_INFINITY;
  if (listed.length >= MAX_LISTED_PREDICTIONS && oldest >= start.startedAt - CLOCK_SKEW_MS)
    return unknown('more predictions were created since than the service lists');
  for (let step = 0; ; step++) {
    const verdict = await judge(context, lost, listed);
    if (verdict !== 'wait') return verdict;
    if (step === WAIT_STEPS) return unknown('another start still in flight could own the job found');
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/** The outcome from what the store says now, or `wait` while a start in flight could still claim a candidate. */
async function judge({ starts, now }: ReconcileContext, lost: Counted, listed: Listed[]): Promise<Reconciled | 'wait'> {
  const { start, state } = lost;
  const known = await Promise.all(listed.map((prediction) => starts.known(prediction.id)));
  const adopted = listed.find((_, i) => known[i]?.start === start.id);
  // Adopted already, by a concurrent look for the same start.
  if (adopted) return { outcome: 'adopted', requestId: adopted.id };

  const granularity = granularityOf(listed.map((prediction) => prediction.createdAt));
  const samples = listed.flatMap(({ createdAt }, i) => {
    const { sent, answered } = known[i] ?? {};
    return sent === undefined || answered === undefined ? [] : [{ createdAt, sent, answered }];
  });
  const offset = offsetBounds(samples, granularity);
  // Its job, if any, was created between just before its POST and its deadline (or now), in the
  // service's time; a `created_at` cut to whole seconds may read up to one granule early. Looked for
  // first up to when its POST failed (most jobs are created before the answer is lost), then up to
  // the deadline (a service still working when the proxy gave up). That it made none is decided on
  // the whole window and the clocks' worst case, whatever the samples say: a mistake there would charge twice.
  // A service that answered made its job, if any, before answering.
  const deadline = lost.answered && lost.endedAt !== undefined ? Math.min(start.deadline, lost.endedAt) : start.deadline;
  const latest = Math.min(now, deadline);
  const within = (createdAt: number, end: number, { min, max }: OffsetBounds) =>
    createdAt > start.startedAt + min - granularity && createdAt <= end + max;
  const unclaimed = listed.filter((_, i) => known[i] === undefined);
  const before = unclaimed.filter(({ createdAt }) => within(createdAt, Math.min(latest, lost.endedAt ?? latest), offset));
  const candidates = before.length > 0 ? before : unclaimed.filter(({ createdAt }) => within(createdAt, latest, offset));
  if (candidates.length === 0) {
    const nearby = unclaimed.some(({ createdAt }) => within(createdAt, latest, { min: -CLOCK_SKEW_MS, max: CLOCK_SKEW_MS }));
    if (now >= deadline && !nearby) return { outcome: 'not_started' };
    return unknown('no job found yet', now < deadline ? deadline - now : undefined);
  }
  // Starts that could have made a candidate: sent before it was created, within a deadline's span.
  const created = candidates.map((candidate) => candidate.createdAt);
  const rivals = await starts.rivals(Math.min(...created) - offset.max, Math.max(...created) + granularity - offset.min, start, state, now);
  if (rivals.inFlight > 0) return 'wait';
  const [only, ...more] = candidates;
  if (only === undefined || more.length > 0) return unknown(`${candidates.length} jobs could be this one`);
  if (rivals.unknown > 0) return unknown('another start whose answer was lost could own the job found');
  const owner = await starts.claimPrediction(only.id, start);
  return owner === undefined ? { outcome: 'adopted', requestId: only.id } : unknown('another start took the job found');
}

/** Newest first, as listed; undefined for a body that is not the spec's list. */
function createdTimes(body: unknown): Listed[] | undefined {
  const predictions = (body as Partial<PredictionList> | null)?.predictions;
  if (!Array.isArray(predictions)) return undefined;
  const out: Listed[] = [];
  for (const item of predictions) {
    const createdAt = Date.parse(item?.created_at);
    if (typeof item?.prediction_id !== 'string' || Number.isNaN(createdAt)) return undefined;
    out.push({ id: item.prediction_id, createdAt });
  }
  return out;
}
