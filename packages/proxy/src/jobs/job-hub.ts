/**
 * Shared job state: one upstream poller per job however many visitors poll it or follow its
 * events. The poller follows core's schedule (a pure function of the job's age), holds a lease in
 * the store so that with a shared store only one instance polls, writes each snapshot to the store
 * and publishes it; every instance's viewers are fed from that channel. It stops once the job ends
 * or nobody has watched for `idleMs`.
 */
import type { Clock, PollSchedule } from '@room-restyler/core';
import { pollDelayMs } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import type { Logger } from '../log.js';
import type { ProxyStore, Unsubscribe } from '../state/store.js';
import type { Upstream } from '../upstream/upstream.js';
import { type JobSnapshot, parseSnapshot, snapshotFromFailure, snapshotFromReply } from './snapshot.js';

export interface JobRef {
  requestId: string;
  startedAt: number;
}

export interface JobViewer {
  onSnapshot(snapshot: JobSnapshot): void;
  /** The hub is shutting down. */
  onClose(): void;
}

export interface JobHubOptions {
  store: ProxyStore;
  upstream: Upstream;
  clock: Clock;
  schedule: PollSchedule;
  /** Polling stops this long after the last viewer left or the last GET. */
  idleMs: number;
  /** How long a job's last snapshot is kept. */
  stateTtlMs: number;
  /** Poll lease; another instance takes over when its holder stops renewing. */
  leaseMs: number;
  /** Consecutive transient failures (5xx, 429, unreachable) before viewers are told it failed. */
  maxFailures: number;
  /** Longest a GET waits for a first snapshot. */
  waitMs: number;
  instanceId: string;
  log: Logger;
}

interface Entry {
  job: JobRef;
  latest: JobSnapshot | undefined;
  lastAttemptAt: number | undefined;
  failures: number;
  lastTouch: number;
  viewers: Set<JobViewer>;
  waiters: Set<(snapshot: JobSnapshot) => void>;
  abort: AbortController;
  ready: Promise<void>;
  unsubscribe: Unsubscribe | undefined;
  running: boolean;
}

const stateKey = (id: string) => `job:${id}`;
const leaseKey = (id: string) => `job-lease:${id}`;
const channel = (id: string) => `job:${id}`;
/** A snapshot still counts as current this long after its next poll was due. */
const FRESH_GRACE_MS = 1_000;

export class JobHub {
  readonly #options: JobHubOptions;
  readonly #entries = new Map<string, Entry>();
  #closed = false;

  constructor(options: JobHubOptions) {
    this.#options = options;
  }

  /** Records a just-accepted job so the first GETs are answered without asking the service. */
  async seed(job: JobRef, snapshot: JobSnapshot): Promise<void> {
    await this.#options.store.set(stateKey(job.requestId), JSON.stringify(snapshot), this.#options.stateTtlMs);
  }

  /** The job's current state for a GET: from shared state when fresh, else after one poll. */
  async current(job: JobRef): Promise<JobSnapshot> {
    const entry = this.#ensure(job);
    entry.lastTouch = this.#options.clock.now();
    await entry.ready;
    const latest = entry.latest;
    if (latest && (latest.terminal || this.#options.clock.now() <= this.#nextPollAt(entry) + FRESH_GRACE_MS)) return latest;
    return this.#nextSnapshot(entry);
  }

  /** Follows the job; the current state is delivered at once when known. Returns the unwatch function. */
  watch(job: JobRef, viewer: JobViewer): () => void {
    const entry = this.#ensure(job);
    entry.viewers.add(viewer);
    void entry.ready.then(() => {
      if (entry.latest && entry.viewers.has(viewer)) viewer.onSnapshot(entry.latest);
    });
    return () => {
      entry.viewers.delete(viewer);
      entry.lastTouch = this.#options.clock.now();
      if (!entry.running && entry.viewers.size === 0) void this.#drop(entry);
    };
  }

  /** Jobs followed by this instance right now (for health and tests). */
  get activeJobs(): number {
    return this.#entries.size;
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
  }

  #ensure(job: JobRef): Entry {
    // A closed hub starts no poller: late requests during shutdown get a clear 503.
    if (this.#closed) throw new ProxyHttpError(503, 'shutting_down', 'The proxy is shutting down; try again in a moment');
    const existing = this.#entries.get(job.requestId);
    if (existing) return existing;
    const entry: Entry = {
      job,
      latest: undefined,
      lastAttemptAt: undefined,
      failures: 0,
      lastTouch: this.#options.clock.now(),
      viewers: new Set(),
      waiters: new Set(),
      abort: new AbortController(),
      ready: Promise.resolve(),
      unsubscribe: undefined,
      running: true,
    };
    this.#entries.set(job.requestId, entry);
    entry.ready = this.#load(entry);
    void this.#run(entry);
    return entry;
  }

  async #load(entry: Entry): Promise<void> {
    const { store } = this.#options;
    entry.unsubscribe = await store.subscribe(channel(entry.job.requestId), (message) => {
      const snapshot = parseSnapshot(message);
      if (snapshot) this.#deliver(entry, snapshot);
    });
    const stored = parseSnapshot(await store.get(stateKey(entry.job.requestId)));
    if (stored && (!entry.latest || stored.at > entry.latest.at)) entry.latest = stored;
  }

  #deliver(entry: Entry, snapshot: JobSnapshot): void {
    if (snapshot.kind === 'prediction' || snapshot.terminal) {
      if (!entry.latest || snapshot.at >= entry.latest.at) entry.latest = snapshot;
    }
    for (const waiter of entry.waiters) waiter(snapshot);
    entry.waiters.clear();
    for (const viewer of entry.viewers) viewer.onSnapshot(snapshot);
  }

  #nextPollAt(entry: Entry): number {
    const last = Math.max(entry.latest?.at ?? -Infinity, entry.lastAttemptAt ?? -Infinity);
    if (!Number.isFinite(last)) return -Infinity;
    return last + pollDelayMs(last - entry.job.startedAt, this.#options.schedule);
  }

  #nextSnapshot(entry: Entry): Promise<JobSnapshot> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        entry.waiters.delete(done);
        resolve(
          snapshotFromFailure(
            new ProxyHttpError(504, 'upstream_timeout', 'The generation service did not answer in time'),
            this.#options.clock.now(),
          ),
        );
      }, this.#options.waitMs);
      const done = (snapshot: JobSnapshot) => {
        clearTimeout(timer);
        resolve(snapshot);
      };
      entry.waiters.add(done);
    });
  }

  #idle(entry: Entry): boolean {
    return entry.viewers.size === 0 && entry.waiters.size === 0 && this.#options.clock.now() - entry.lastTouch >= this.#options.idleMs;
  }

  async #run(entry: Entry): Promise<void> {
    const { clock, store, instanceId, leaseMs } = this.#options;
    const signal = entry.abort.signal;
    try {
      await entry.ready;
      while (!signal.aborted && !entry.latest?.terminal) {
        const wait = this.#nextPollAt(entry) - clock.now();
        if (wait > 0) await clock.sleep(wait, signal);
        if (this.#idle(entry)) break;
        const holder = await store.claim(leaseKey(entry.job.requestId), instanceId, leaseMs);
        const leads =
          holder === undefined || (holder === instanceId && (await store.renew(leaseKey(entry.job.requestId), instanceId, leaseMs)));
        if (!leads) {
          // Another instance polls; its snapshots arrive on the channel. Check again later in case it stops.
          await clock.sleep(Math.min(leaseMs, 1_000), signal);
          continue;
        }
        await this.#poll(entry, signal);
      }
    } catch (error) {
      if (!signal.aborted) this.#options.log({ level: 'error', msg: 'job poller stopped', error: String(error) });
    } finally {
      entry.running = false;
      if (entry.viewers.size === 0) await this.#drop(entry);
    }
  }

  async #poll(entry: Entry, signal: AbortSignal): Promise<void> {
    const { clock, store, upstream, stateTtlMs, maxFailures } = this.#options;
    const id = entry.job.requestId;
    let snapshot: JobSnapshot;
    try {
      snapshot = snapshotFromReply(await upstream.getPrediction(id, signal), clock.now());
    } catch (error) {
      if (signal.aborted) return;
      snapshot = snapshotFromFailure(error, clock.now());
    }
    entry.lastAttemptAt = snapshot.at;
    if (snapshot.kind === 'error' && !snapshot.terminal) {
      entry.failures += 1;
      if (entry.failures < maxFailures) {
        // Transient: only the GETs waiting right now hear of it; viewers keep the last known state.
        for (const waiter of entry.waiters) waiter(snapshot);
        entry.waiters.clear();
        return;
      }
      snapshot = { ...snapshot, terminal: true };
    } else {
      entry.failures = 0;
    }
    await store.set(stateKey(id), JSON.stringify(snapshot), stateTtlMs);
    await store.publish(channel(id), JSON.stringify(snapshot));
  }

  async #drop(entry: Entry): Promise<void> {
    if (this.#entries.get(entry.job.requestId) !== entry) return;
    this.#entries.delete(entry.job.requestId);
    entry.abort.abort();
    await entry.ready.catch(() => {});
    await entry.unsubscribe?.();
    // Hand the poll lease over now if this instance holds it (renew only touches a lease of ours),
    // so another instance's viewers are not left waiting for it to expire.
    await this.#options.store.renew(leaseKey(entry.job.requestId), this.#options.instanceId, 1).catch(() => false);
  }
}
