/**
 * Finding the job of a start whose answer was lost (a reset, a timeout, a crash, a 5xx, the store
 * failing after the POST), in the service's `GET /api/v1/predictions` — the one algorithm of the
 * kit, used by the key proxy (its store) and the MCP server (memory). The list carries no inputs,
 * so a job is matched by its creation time and by elimination:
 *
 * - candidates are listed predictions created within the start's window (from just before its
 *   POST to when it failed, else to its deadline; the clocks' offset learned from acknowledged
 *   jobs, service-clock.ts) that no other start owns;
 * - while another start that could have made a candidate is still in flight, wait a moment: it is
 *   about to say which job is its own;
 * - exactly one candidate, no other start whose answer was lost could have made it, and no listed
 *   job another program made (foreign-jobs.ts: the key is shared, so the candidate may be that
 *   program's) → adopted, through one atomic claim (two starts adopting the same job: one wins);
 * - no candidate once the start's deadline has passed (the list covering the whole window) → it
 *   made no job, and a new one may be started;
 * - anything else (several candidates, another lost start that could own the one found, a shared
 *   key, a list that cannot be read or does not reach back far enough) → unknown: answered as
 *   such, never guessed, never retried.
 */
import { sleep } from '../abort.js';
import { foreignJobs, type LedgerView } from './foreign-jobs.js';
import { type ListedJob, listedJobs } from './listed-jobs.js';
import { CLOCK_SKEW_MS, granularityOf, offsetBounds } from './service-clock.js';
import type { Counted, StartLedger } from './start-ledger.js';

export type Reconciled =
  | { outcome: 'adopted'; requestId: string }
  | { outcome: 'not_started' }
  /** `retryAfterMs`: when looking again may tell more. */
  | { outcome: 'unknown'; reason: string; retryAfterMs: number };

/** How many predictions reconciliation asks for: the most the service lists. */
export const RECONCILE_LIST_LIMIT = 100;

export interface ReconcileContext {
  ledger: StartLedger;
  /** `GET /api/v1/predictions?limit=<limit>`: resolves with the answer's body, rejects when there is none to read. */
  list(limit: number): Promise<unknown>;
  /** Now, in the ledger's time. */
  now: number;
}

/** Other starts in flight resolve within moments: worth looking again soon. */
const SOON_MS = 2_000;
/** Another program uses the key: looking again soon tells nothing more. */
const SHARED_KEY_RETRY_MS = 60_000;
/** How long to wait, at most, for starts in flight that could own a job found. */
const WAIT_STEP_MS = 250;
const WAIT_STEPS = 8;

const unknown = (reason: string, retryAfterMs = SOON_MS): Reconciled => ({ outcome: 'unknown', reason, retryAfterMs });

/** Never throws: a store or service failure makes the outcome unknown. */
export async function reconcile(context: ReconcileContext, lost: Counted): Promise<Reconciled> {
  try {
    return await match(context, lost);
  } catch {
    return unknown('it could not be checked (store or service unreachable)');
  }
}

async function match(context: ReconcileContext, lost: Counted): Promise<Reconciled> {
  const { start } = lost;
  const listed = listedJobs(await context.list(RECONCILE_LIST_LIMIT).catch(() => undefined));
  if (!listed) return unknown("the service's list of predictions could not be read");
  const oldest = listed.at(-1)?.createdAt ?? Number.POSITIVE_INFINITY;
  if (listed.length >= RECONCILE_LIST_LIMIT && oldest >= start.startedAt - CLOCK_SKEW_MS)
    return unknown('more predictions were created since than the service lists');
  for (let step = 0; ; step++) {
    const verdict = await judge(context, lost, listed);
    if (verdict !== 'wait') return verdict;
    if (step === WAIT_STEPS) return unknown('another start still in flight could own the job found');
    await sleep(WAIT_STEP_MS);
  }
}

/** What the ledger knows of the listed jobs now, and how the clocks stand from the acknowledged ones. */
export async function viewOf(ledger: StartLedger, listed: readonly ListedJob[]): Promise<LedgerView> {
  const known = await Promise.all(listed.map((prediction) => ledger.known(prediction.id)));
  const granularity = granularityOf(listed.map((prediction) => prediction.createdAt));
  const samples = listed.flatMap(({ createdAt }, i) => {
    const { sent, answered } = known[i] ?? {};
    return sent === undefined || answered === undefined ? [] : [{ createdAt, sent, answered }];
  });
  return { known, offset: offsetBounds(samples, granularity), granularity };
}

/** The outcome from what the store says now, or `wait` while a start in flight could still claim a candidate. */
async function judge({ ledger, now }: ReconcileContext, lost: Counted, listed: ListedJob[]): Promise<Reconciled | 'wait'> {
  const { start, state } = lost;
  const view = await viewOf(ledger, listed);
  const { known, offset, granularity } = view;
  const adopted = listed.find((_, i) => known[i]?.start === start.id);
  // Adopted already, by a concurrent look for the same start.
  if (adopted) return { outcome: 'adopted', requestId: adopted.id };

  // Its job, if any, was created between just before its POST and its deadline (or now), in the
  // service's time; a `created_at` cut to whole seconds may read up to one granule early. Looked for
  // first up to when its POST failed (most jobs are created before the answer is lost), then up to
  // the deadline (a service still working when the POST was given up). That it made none is decided on
  // the whole window and the clocks' worst case, whatever the samples say: a mistake there would charge twice.
  // A service that answered made its job, if any, before answering.
  const deadline = lost.answered && lost.endedAt !== undefined ? Math.min(start.deadline, lost.endedAt) : start.deadline;
  const latest = Math.min(now, deadline);
  const within = (createdAt: number, end: number, { min, max }: typeof offset) =>
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
  const rivals = await ledger.rivals(Math.min(...created) - offset.max, Math.max(...created) + granularity - offset.min, start, state, now);
  if (rivals.inFlight > 0) return 'wait';
  const [only, ...more] = candidates;
  if (only === undefined || more.length > 0) return unknown(`${candidates.length} jobs could be this one`);
  if (rivals.unknown > 0) return unknown('another start whose answer was lost could own the job found');
  if ((await foreignJobs(ledger, listed, view, now, lost)).length > 0)
    return unknown('another program uses this API key, so the job found may be its own', SHARED_KEY_RETRY_MS);
  const owner = await ledger.claimPrediction(only.id, start);
  return owner === undefined ? { outcome: 'adopted', requestId: only.id } : unknown('another start took the job found');
}
