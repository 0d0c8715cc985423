/**
 * Jobs on the account that this deployment did not start. A deployment's ledger records every start
 * since it began (`recordingSince`): each job one of them made is either known (acknowledged, or
 * found again and claimed) or could still be an unresolved start's. A listed job created since then
 * that is neither was made by another program using the same API key — and then no job found in a
 * lost start's window can be told from that program's: reconciliation adopts nothing, and `--check`
 * says so.
 *
 * Only jobs the ledger still remembers the starts for are judged: created after it began recording,
 * and recently enough that the counts of unresolved starts have not expired.
 */
import type { ListedJob } from './listed-jobs.js';
import type { OffsetBounds } from './service-clock.js';
import type { Counted, KnownJob, StartLedger } from './start-ledger.js';

export interface LedgerView {
  /** What the ledger knows of each listed job, in the list's order. */
  known: ReadonlyArray<KnownJob | undefined>;
  /** Service time minus ledger time. */
  offset: OffsetBounds;
  /** `created_at` may be cut to this (ms). */
  granularity: number;
}

/**
 * The listed jobs no start of this deployment could have made; `self`: the start asking, whose own
 * window counts as its own (it may have made one job there). Empty when the ledger cannot tell.
 */
export async function foreignJobs(
  ledger: StartLedger,
  listed: readonly ListedJob[],
  view: LedgerView,
  now: number,
  self?: Counted,
): Promise<ListedJob[]> {
  const since = await ledger.recordingSince();
  if (since === undefined) return [];
  const { offset, granularity } = view;
  // When the job was created, in ledger time: between these two.
  const earliest = (job: ListedJob) => job.createdAt - offset.max;
  const latest = (job: ListedJob) => job.createdAt + granularity - offset.min;
  const judgedFrom = Math.max(since, now - (ledger.pendingTtlMs - ledger.spanMs));
  const ownWindow = (job: ListedJob) => self !== undefined && latest(job) > self.start.startedAt && earliest(job) <= self.start.deadline;
  const judged = listed.filter(
    (job, i) => view.known[i] === undefined && earliest(job) >= judgedFrom && earliest(job) <= now && !ownWindow(job),
  );
  if (judged.length === 0) return [];
  const buckets = await ledger.buckets(Math.min(...judged.map(earliest)), Math.max(...judged.map(latest)), now, self);
  const busy = buckets.filter((bucket) => bucket.inFlight + bucket.unknown > 0);
  return judged.filter((job) => !busy.some((bucket) => ledger.couldMake(bucket, earliest(job), latest(job))));
}
