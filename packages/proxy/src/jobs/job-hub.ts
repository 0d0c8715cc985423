/**
 * One upstream poller per job however many visitors poll it or follow its events; when to poll is core's follow loop.
 * The poller holds a lease in the store (one instance polls) and stores and publishes each snapshot to every instance's
 * viewers. While the store fails, each instance polls the jobs its own viewers follow and feeds them directly.
 */
import { type Clock, normalizePrediction, type Prediction, predictionOutcome } from '@room-restyler/core';
import { createJobFollow, type JobFollow, learningFollow, type PollResult, pollDelayMs, stopDetail } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import type { Limits } from '../limits/limits.js';
import type { Logger } from '../log.js';
import type { JobOptions } from '../options.js';
import type { HandleClaims } from '../security/handles.js';
import type { ProxyStore, Unsubscribe } from '../state/store.js';
import type { Upstream, UpstreamReply } from '../upstream/upstream.js';

/** What the proxy knows about one job at one moment: stored, published and served to viewers. */
export type JobSnapshot =
  | { kind: 'prediction'; prediction: Prediction; terminal: boolean; at: number }
  | { kind: 'error'; status: number; body: unknown; retryAfter?: string; terminal: boolean; at: number };

/** A job as its handle names it; the schedule is learned per operation, when known. */
export type JobRef = Pick<HandleClaims, 'requestId' | 'startedAt' | 'operation'>;

export interface JobViewer {
  /** Whose event stream it is. */
  visitor: string;
  onSnapshot(snapshot: JobSnapshot): void;
  /** The hub is shutting down. */
  onClose(): void;
}

export interface JobHubOptions extends Omit<JobOptions, 'heartbeatMs'> {
  store: ProxyStore;
  upstream: Upstream;
  clock: Clock;
  /** Longest a GET waits for a first snapshot. */
  waitMs: number;
  instanceId: string;
  log: Logger;
  limits: Pick<Limits, 'streamsPerVisitor' | 'streamsPerInstance'>;
}

interface Entry {
  job: JobRef;
  latest: JobSnapshot | undefined;
  follow: JobFollow;
  /** When the job is due to be polled (by whichever instance polls it). */
  nextPollAt: number;
  lastTouch: number;
  viewers: Set<JobViewer>;
  waiters: Set<(snapshot: JobSnapshot) => void>;
  /** Stops the poller; aborted too once it stopped of itself. */
  abort: AbortController;
  /** The poller has stopped and handed its lease over. */
  stopped: Promise<void>;
  ready: Promise<void>;
  unsubscribe: Unsubscribe | undefined;
}

/** The job's last state, and the channel of its snapshots. */
const jobKey = (id: string) => `job:${id}`;
const leaseKey = (id: string) => `job-lease:${id}`;
/** A snapshot still counts as current this long after its next poll was due. */
const FRESH_GRACE_MS = 1_000;

export class JobHub {
  readonly #options: JobHubOptions;
  readonly #entries = new Map<string, Entry>();
  #closed = false;
  /** The store failed and has not answered since: logged once per outage. */
  #storeDown = false;

  constructor(options: JobHubOptions) {
    this.#options = options;
  }

  /** Records a just-accepted job as starting, so the first GETs are answered without asking the service. */
  async seed(requestId: string, startedAt: number): Promise<void> {
    const starting: JobSnapshot = { kind: 'prediction', prediction: { status: 'starting' }, terminal: false, at: startedAt };
    await this.#options.store.set(jobKey(requestId), JSON.stringify(starting), this.#options.stateTtlMs);
  }

  /** The job's current state for a GET: from shared state when fresh, else after one poll. */
  async current(job: JobRef): Promise<JobSnapshot> {
    const entry = this.#ensure(job);
    entry.lastTouch = this.#options.clock.now();
    await entry.ready;
    const latest = entry.latest;
    if (latest && (latest.terminal || this.#options.clock.now() <= entry.nextPollAt + FRESH_GRACE_MS)) return latest;
    return this.#nextSnapshot(entry);
  }

  /** Follows the job (its current state at once when known); returns the unwatch function. Viewers are capped (429). */
  watch(job: JobRef, viewer: JobViewer): () => void {
    const { streamsPerVisitor, streamsPerInstance } = this.#options.limits;
    const viewers = this.#viewers();
    const held = viewers.filter((other) => other.visitor === viewer.visitor).length;
    if (held >= streamsPerVisitor || viewers.length >= streamsPerInstance) {
      const whose = held >= streamsPerVisitor ? 'You have' : 'This server has';
      throw new ProxyHttpError(429, 'too_many_streams', `${whose} too many event streams open; poll the prediction instead`, {
        headers: { 'retry-after': '5' },
      });
    }
    const entry = this.#ensure(job);
    entry.viewers.add(viewer);
    void entry.ready.then(() => {
      if (entry.latest && entry.viewers.has(viewer)) viewer.onSnapshot(entry.latest);
    });
    return () => {
      if (!entry.viewers.delete(viewer)) return;
      entry.lastTouch = this.#options.clock.now();
      if (entry.abort.signal.aborted && entry.viewers.size === 0) void this.#drop(entry);
    };
  }

  /** Jobs followed by this instance right now (for health and tests). */
  get activeJobs(): number {
    return this.#entries.size;
  }

  /** Event streams open on this instance (for metrics). */
  get streams(): number {
    return this.#viewers().length;
  }

  /** Every viewer (an event stream, a socket each) on this instance: counted, never kept apart, so none is left behind. */
  #viewers(): JobViewer[] {
    return [...this.#entries.values()].flatMap((entry) => [...entry.viewers]);
  }

  /** True once `close` was called: the proxy is shutting down. */
  get closed(): boolean {
    return this.#closed;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const entries = [...this.#entries.values()];
    for (const entry of entries) {
      entry.abort.abort();
      for (const viewer of entry.viewers) viewer.onClose();
      entry.viewers.clear();
    }
    await Promise.all(entries.map((entry) => this.#drop(entry)));
    await Promise.all(entries.map((entry) => entry.stopped));
  }

  #ensure(job: JobRef): Entry {
    // A closed hub starts no poller: late requests during shutdown get a clear 503.
    if (this.#closed) throw new ProxyHttpError(503, 'shutting_down', 'The proxy is shutting down; try again in a moment');
    const existing = this.#entries.get(job.requestId);
    if (existing) return existing;
    const { clock, schedule, durations } = this.#options;
    const followOptions = { startedAt: job.startedAt, now: clock.now(), schedule };
    const entry: Entry = {
      job,
      latest: undefined,
      // The schedule is learned per operation: a job of unknown operation follows the one given or the default.
      follow: job.operation === undefined ? createJobFollow(followOptions) : learningFollow(followOptions, durations, job.operation),
      nextPollAt: Number.NEGATIVE_INFINITY,
      lastTouch: this.#options.clock.now(),
      viewers: new Set(),
      waiters: new Set(),
      abort: new AbortController(),
      stopped: Promise.resolve(),
      ready: Promise.resolve(),
      unsubscribe: undefined,
    };
    this.#entries.set(job.requestId, entry);
    entry.ready = this.#load(entry);
    entry.stopped = this.#run(entry);
    return entry;
  }

  /** Joins the job's channel and reads its last state; without the store the job starts unknown (the poller asks the service). */
  async #load(entry: Entry): Promise<void> {
    if (!(await this.#share(entry))) return;
    const text = await this.#storeCall(() => this.#options.store.get(jobKey(entry.job.requestId)));
    const stored = parseSnapshot(text);
    if (stored && (!entry.latest || stored.at > entry.latest.at)) this.#saw(entry, stored);
  }

  /** A newer state of the job: the next poll is due on the schedule after it. */
  #saw(entry: Entry, snapshot: JobSnapshot): void {
    entry.latest = snapshot;
    const due = snapshot.at + pollDelayMs(snapshot.at - entry.job.startedAt, entry.follow.schedule);
    entry.nextPollAt = Math.max(entry.nextPollAt, due);
  }

  /** Listens on the job's channel unless it already does; false when the store cannot be reached. */
  async #share(entry: Entry): Promise<boolean> {
    if (entry.unsubscribe) return true;
    const unsubscribe = await this.#storeCall(() =>
      this.#options.store.subscribe(jobKey(entry.job.requestId), (message) => {
        const snapshot = parseSnapshot(message);
        if (snapshot) this.#deliver(entry, snapshot);
      }),
    );
    if (!unsubscribe) return false;
    if (entry.abort.signal.aborted) {
      // Dropped while subscribing: leave the channel again.
      await this.#storeCall(unsubscribe);
      return false;
    }
    entry.unsubscribe = unsubscribe;
    return true;
  }

  /** A store call that never throws: undefined when the store failed (logged once per outage). */
  async #storeCall<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await call();
      if (this.#storeDown) {
        this.#storeDown = false;
        this.#options.log({ level: 'info', msg: 'store reachable again: job state is shared again' });
      }
      return result;
    } catch (error) {
      if (!this.#storeDown) {
        this.#storeDown = true;
        this.#options.log({
          level: 'warn',
          msg: 'store unreachable: each instance polls the jobs its viewers follow until it is back',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return undefined;
    }
  }

  #deliver(entry: Entry, snapshot: JobSnapshot): void {
    if (snapshot.kind === 'prediction' || snapshot.terminal) {
      if (!entry.latest || snapshot.at >= entry.latest.at) this.#saw(entry, snapshot);
    }
    // The GETs waiting for the next reading get this one.
    for (const waiter of [...entry.waiters]) waiter(snapshot);
    for (const viewer of entry.viewers) viewer.onSnapshot(snapshot);
  }

  /** The job's next reading, or a 504 after `waitMs`. */
  #nextSnapshot(entry: Entry): Promise<JobSnapshot> {
    return new Promise((resolve) => {
      const done = (snapshot: JobSnapshot) => {
        clearTimeout(timer);
        entry.waiters.delete(done);
        resolve(snapshot);
      };
      const timedOut = () =>
        errorSnapshot(504, 'upstream_timeout', 'The generation service did not answer in time', this.#options.clock.now());
      const timer = setTimeout(() => done(timedOut()), this.#options.waitMs);
      entry.waiters.add(done);
    });
  }

  async #run(entry: Entry): Promise<void> {
    const { clock, leaseMs, idleMs } = this.#options;
    const signal = entry.abort.signal;
    try {
      await entry.ready;
      while (!signal.aborted && !entry.latest?.terminal) {
        const wait = entry.nextPollAt - clock.now();
        // A long wait (the service's Retry-After) is slept in pieces, so that an idle job still stops on time.
        if (wait > 0) await clock.sleep(Math.min(wait, idleMs), signal);
        if (entry.viewers.size === 0 && entry.waiters.size === 0 && clock.now() - entry.lastTouch >= idleMs) break;
        if (wait > idleMs) continue;
        if (!(await this.#leads(entry))) {
          // Another instance polls; its snapshots arrive on the channel. Check again later in case it stops.
          await clock.sleep(Math.min(leaseMs, 1_000), signal);
          continue;
        }
        await this.#poll(entry, signal);
      }
    } catch (error) {
      if (!signal.aborted) this.#options.log({ level: 'error', msg: 'job poller stopped', error: String(error) });
    } finally {
      entry.abort.abort();
      // Hand the poll lease over if this instance holds it (renew only touches a lease of ours), once no renewal of this
      // poller can land after it: another instance's viewers are not left waiting for the lease to expire.
      const { store, instanceId } = this.#options;
      await this.#storeCall(() => store.renew(leaseKey(entry.job.requestId), instanceId, 1));
      if (entry.viewers.size === 0) await this.#drop(entry);
    }
  }

  /** Whether this instance polls the job now: it holds the lease, or cannot hear the others (the store is away). */
  async #leads(entry: Entry): Promise<boolean> {
    const { store, instanceId, leaseMs } = this.#options;
    const lease = leaseKey(entry.job.requestId);
    if (!(await this.#share(entry))) return true;
    const holder = await this.#storeCall(async () => {
      const current = await store.claim(lease, instanceId, leaseMs);
      return current === undefined || (current === instanceId && (await store.renew(lease, instanceId, leaseMs))) ? instanceId : current;
    });
    return holder === undefined || holder === instanceId;
  }

  async #poll(entry: Entry, signal: AbortSignal): Promise<void> {
    const { clock, upstream } = this.#options;
    let snapshot: JobSnapshot;
    try {
      snapshot = snapshotFromReply(await upstream.getPrediction(entry.job.requestId, signal), clock.now());
    } catch (error) {
      if (signal.aborted) return;
      snapshot = snapshotFromFailure(error, clock.now());
    }
    // A refusal for good (unknown job, key refused) ends the job as it is; anything else is core's to judge.
    const step = snapshot.terminal && snapshot.kind === 'error' ? 'ended' : entry.follow.after(pollResult(snapshot), snapshot.at);
    if (typeof step === 'number') {
      entry.nextPollAt = snapshot.at + step;
      if (snapshot.kind === 'prediction') return this.#publish(entry, snapshot, true);
      // Transient: only this instance hears of it (its viewers skip it), and the last known state stays.
      return this.#deliver(entry, snapshot);
    }
    if (typeof step === 'string') return this.#publish(entry, snapshot, true);
    if (step.stop === 'failures') return this.#publish(entry, { ...snapshot, terminal: true }, true);
    // Given up on a status it cannot read: this instance's and the others' viewers are told, and
    // the stored state stays the last reading, so a later request follows the job again (it may still finish).
    const stopped = `Stopped following the generation${stopDetail(step)}; it may still finish`;
    await this.#publish(entry, errorSnapshot(502, 'bad_upstream_response', stopped, snapshot.at, true), false);
  }

  /** Shares a snapshot: stored (unless `store` is false) and published, or delivered here when the store is away. */
  async #publish(entry: Entry, snapshot: JobSnapshot, store: boolean): Promise<void> {
    // A job's end is a reading of its final status. The hub giving up on it (failures, a status it cannot read) is
    // not one: it may still finish, and is logged when a later poll, here or on another instance, reads that.
    const { job, latest } = entry;
    if (snapshot.terminal && snapshot.kind === 'prediction' && !(latest?.terminal && latest.kind === 'prediction')) {
      // Logged once, by the instance that polled the end (the metrics count jobs and their durations from it).
      const outcome = snapshot.prediction.status === 'succeeded' ? 'succeeded' : 'failed';
      const ms = snapshot.at - job.startedAt;
      this.#options.log({ level: 'info', msg: 'job ended', operation: job.operation ?? 'unknown', outcome, ms });
    }
    const text = JSON.stringify(snapshot);
    const published = await this.#storeCall(async () => {
      if (store) await this.#options.store.set(jobKey(job.requestId), text, this.#options.stateTtlMs);
      await this.#options.store.publish(jobKey(job.requestId), text);
      return true;
    });
    // Without the channel's echo, this instance's own viewers are fed directly.
    if (!published || !entry.unsubscribe) this.#deliver(entry, snapshot);
  }

  async #drop(entry: Entry): Promise<void> {
    if (this.#entries.get(entry.job.requestId) !== entry) return;
    this.#entries.delete(entry.job.requestId);
    entry.abort.abort();
    await entry.ready;
    const { unsubscribe } = entry;
    if (unsubscribe) await this.#storeCall(unsubscribe);
  }
}

/** A poll's snapshot as core's follow loop reads it: the prediction, or a failure worth asking again after. */
function pollResult(snapshot: JobSnapshot): PollResult {
  if (snapshot.kind === 'prediction') return { prediction: snapshot.prediction };
  // The service said when to come back: not a failure (`retryAfter` is whole seconds, see upstream.ts).
  const retryAfterMs = snapshot.status === 429 && snapshot.retryAfter !== undefined ? Number(snapshot.retryAfter) * 1000 : undefined;
  return { transient: true, retryAfterMs };
}

/** Statuses after which asking again cannot help: the job is unknown or the key is refused. */
const PERMANENT_ERRORS = new Set([400, 401, 403, 404, 410]);

function snapshotFromReply(reply: UpstreamReply, at: number): JobSnapshot {
  if (reply.status >= 200 && reply.status < 300) {
    const prediction = normalizePrediction(reply.body);
    return { kind: 'prediction', prediction, terminal: predictionOutcome(prediction) !== 'running', at };
  }
  return {
    kind: 'error',
    status: reply.status,
    body: reply.body,
    ...(reply.retryAfter ? { retryAfter: reply.retryAfter } : {}),
    terminal: PERMANENT_ERRORS.has(reply.status),
    at,
  };
}

/** A failed poll (the upstream's refusal or no answer), as the proxy would answer it. */
function snapshotFromFailure(error: unknown, at: number): JobSnapshot {
  if (error instanceof ProxyHttpError) return errorSnapshot(error.status, error.code, error.message, at);
  return errorSnapshot(502, 'upstream_unreachable', 'The generation service could not be reached', at);
}

function errorSnapshot(status: number, code: string, message: string, at: number, terminal = false): JobSnapshot {
  return { kind: 'error', status, body: { error: message, code }, terminal, at };
}

function parseSnapshot(text: string | undefined): JobSnapshot | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as JobSnapshot;
    return value && (value.kind === 'prediction' || value.kind === 'error') && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
