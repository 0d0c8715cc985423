/**
 * Generation jobs: `starting` (queued) → `processing` (decode, render) → `succeeded`. The photo
 * and mask are fetched and checked before a job is accepted (`checkInputs`), so an unusable URL is a
 * 400 that costs nothing; `failed` (credits refunded) is not documented by the service and only
 * happens under `failRate`. A job turns terminal at its drawn latency or when its work is done,
 * whichever is later, so clients see the service's 10–30 s even though rendering takes ~1 s.
 */
import { randomBytes } from 'node:crypto';
import type { GenerationOperation } from '@room-restyler/core';
import type { PreparedImage } from '../images/clear-floor.js';
import { fetchImage } from '../images/fetch-image.js';
import { type Mask, prepareMask } from '../images/pixels.js';
import { ImageInputError, prepareInput } from '../images/render.js';
import type { ResolvedOptions } from '../options.js';
import { between, createRng, hash32, type Rng } from '../random/prng.js';
import { Limiter } from '../util/limiter.js';
import type { Account, AccountStore } from './accounts.js';
import type { OutputStore } from './outputs.js';
import type { AcceptedJobRecord, StatsRecorder } from './stats.js';

/** The decoded inputs of a job: the photo, and the mask fitted to it, when the operation takes them. */
export interface Inputs {
  photo?: PreparedImage;
  mask?: Mask;
}

/** What a job makes: the inputs it fetches (checked before the debit) and how one output is drawn from them. */
export interface WorkOrder {
  imageUrl?: string;
  maskUrl?: string;
  /** One output JPEG; `index` tells the outputs of one job apart. */
  render(inputs: Inputs, variation: { seed: number; index: number }): Promise<Buffer>;
}

/** Statuses of the spec's PredictionStatus (an open set, a plain string in the generated types); `failed` is not documented. simulator.faults.test.ts holds them to the spec. */
export type JobStatus = 'starting' | 'processing' | 'succeeded' | 'failed';

export interface Job {
  readonly id: string;
  readonly account: Account;
  readonly operation: GenerationOperation;
  readonly order: WorkOrder;
  readonly idempotencyKey: string | null;
  readonly createdAt: Date;
  /** Credits taken at acceptance, and the month they came from (for the refund). */
  readonly charged: { amount: number; period: string };
  acknowledged: boolean;
  status: JobStatus;
  completedAt?: Date;
  output?: string[];
  error?: string;
}

/** The fetched inputs behind an accepted job, or why they cannot be used (the message of a 400). */
export type InputCheck = { ok: true; fetched: Fetched } | { ok: false; error: string };
type Fetched = { photo?: Buffer; mask?: Buffer };

export const SIMULATED_FAILURE = 'Generation failed (simulated fault)';
const UNEXPECTED_FAILURE = 'Generation failed';

type WorkResult = { ok: true; images: Buffer[] } | { ok: false; error: string };
type Accepted = Pick<Job, 'account' | 'operation' | 'order' | 'idempotencyKey' | 'charged'> & { fetched: Fetched };

export interface JobDeps {
  options: ResolvedOptions;
  accounts: AccountStore;
  outputs: OutputStore;
  stats: StatsRecorder;
  /** Origin for output URLs, known only once the server listens. */
  origin: () => string;
}

export class JobStore {
  readonly #jobs = new Map<string, Job>();
  /** Jobs not yet completed, per account: what a start beyond `concurrencyPerKey` is refused on, without a scan of every job. */
  readonly #running = new Map<Account, number>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #closing = new AbortController();
  readonly #rng: Rng;
  readonly #limiter = new Limiter(2);

  constructor(private readonly deps: JobDeps) {
    this.#rng = createRng(hash32(deps.options.seed, 'jobs'));
  }

  /** Fetches image_url and mask_url and decodes them, as the job will, so inputs that cannot be used are refused before any credit is spent. */
  async checkInputs(order: WorkOrder): Promise<InputCheck> {
    try {
      const fetched: Fetched = {};
      if (order.imageUrl !== undefined) fetched.photo = await this.#fetch(order.imageUrl);
      if (order.maskUrl !== undefined) {
        // The fetch's messages name image_url; the caller must learn which of the two URLs failed.
        fetched.mask = await this.#fetch(order.maskUrl).catch((error: unknown) => {
          throw error instanceof ImageInputError ? new ImageInputError(error.message.replace('image_url', 'mask_url')) : error;
        });
      }
      await this.#limiter.run(() => this.#decode(fetched));
      return { ok: true, fetched };
    } catch (error) {
      if (error instanceof ImageInputError) return { ok: false, error: error.message };
      throw error;
    }
  }

  #fetch(url: string): Promise<Buffer> {
    const { allowPrivate } = this.deps.options.imageFetch;
    // Its own samples are always fetchable; other private origins only when allowed.
    const allowed = (origin: string) =>
      origin === this.deps.origin() || (typeof allowPrivate === 'function' ? allowPrivate(origin) : allowPrivate);
    return fetchImage(url, { ...this.deps.options.imageFetch, allowPrivate: allowed }, this.#closing.signal);
  }

  async #decode({ photo, mask }: Fetched): Promise<Inputs> {
    const inputs: Inputs = {};
    if (photo) inputs.photo = await prepareInput(photo);
    // A mask without a photo has nothing to fit; no operation takes one alone.
    if (mask && inputs.photo) inputs.mask = await prepareMask(mask, inputs.photo.width, inputs.photo.height);
    return inputs;
  }

  accept({ fetched, ...input }: Accepted): Job {
    const { options, stats } = this.deps;
    const job: Job = {
      ...input,
      id: `pred_${randomBytes(16).toString('base64url')}`,
      createdAt: options.now(),
      acknowledged: true,
      status: 'starting',
    };
    this.#jobs.set(job.id, job);
    this.#running.set(job.account, this.running(job.account) + 1);
    stats.debited(job.charged.amount);
    // Both draws happen for every job, so the sequence of latencies depends only on the seed.
    const latency = Math.round(between(this.#rng, options.latencyMs.min, options.latencyMs.max));
    const injectFailure = this.#rng() < options.failRate;
    options.log(`job ${job.id} accepted (${job.operation}, ${job.charged.amount} credit(s), ready in ${latency} ms)`);
    this.#run(job, fetched, latency, injectFailure);
    return job;
  }

  /** A job, only for the account that created it. */
  find(id: string, account: Account): Job | undefined {
    const job = this.#jobs.get(id);
    return job?.account === account ? job : undefined;
  }

  /** How many jobs of an account are `starting` or `processing`. */
  running(account: Account): number {
    return this.#running.get(account) ?? 0;
  }

  /** The newest `limit` jobs of an account, newest first. */
  recent(account: Account, limit: number): Job[] {
    const newest: Job[] = [];
    for (const job of [...this.#jobs.values()].reverse()) {
      if (newest.length === limit) break;
      if (job.account === account) newest.push(job);
    }
    return newest;
  }

  all(): Job[] {
    return [...this.#jobs.values()];
  }

  records(): AcceptedJobRecord[] {
    return this.all().map((job) => ({
      requestId: job.id,
      operation: job.operation,
      userId: job.account.userId,
      idempotencyKey: job.idempotencyKey,
      acknowledged: job.acknowledged,
      status: job.status,
    }));
  }

  /** Stops all timers and in-flight work; jobs stay as they are. */
  close(): void {
    this.#closing.abort(new Error('simulator closed'));
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #after(ms: number, action: () => void): void {
    if (this.#closing.signal.aborted) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      action();
    }, ms);
    this.#timers.add(timer);
  }

  #run(job: Job, fetched: Fetched, latency: number, injectFailure: boolean): void {
    let deadlinePassed = false;
    let result: WorkResult | undefined;
    const settle = () => {
      if (deadlinePassed && result && !this.#closing.signal.aborted) this.#finish(job, result);
    };
    this.#after(Math.round(latency * 0.2), () => {
      job.status = 'processing';
      const work = injectFailure ? Promise.resolve<WorkResult>({ ok: false, error: SIMULATED_FAILURE }) : this.#work(job, fetched);
      void work.then((r) => {
        result = r;
        settle();
      });
    });
    this.#after(latency, () => {
      deadlinePassed = true;
      settle();
    });
  }

  async #work(job: Job, fetched: Fetched): Promise<WorkResult> {
    const { options } = this.deps;
    try {
      return await this.#limiter.run(async () => {
        const inputs = await this.#decode(fetched);
        const images: Buffer[] = [];
        for (let index = 0; index < options.outputsPerJob; index++) {
          images.push(await job.order.render(inputs, { seed: options.seed, index }));
        }
        return { ok: true, images };
      });
    } catch (error) {
      // checkInputs decoded these inputs already: a failure here is the simulator's, not the caller's.
      if (!this.#closing.signal.aborted) options.log(`job ${job.id} crashed: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, error: UNEXPECTED_FAILURE };
    }
  }

  #finish(job: Job, result: WorkResult): void {
    const { options, accounts, outputs, stats, origin } = this.deps;
    job.completedAt = options.now();
    this.#running.set(job.account, this.running(job.account) - 1);
    if (result.ok) {
      job.output = outputs.put(result.images).map((path) => `${origin()}${path}`);
      job.status = 'succeeded';
      options.log(`job ${job.id} succeeded`);
      return;
    }
    job.error = result.error;
    job.status = 'failed';
    if (result.error === SIMULATED_FAILURE) stats.fault('failedJobs');
    stats.refunded(accounts.refund(job.account, job.charged.amount, job.charged.period));
    options.log(`job ${job.id} failed: ${result.error}`);
  }
}
