/** Counters an end-to-end or reliability test reads to check what really happened on the service side. */
import type { GenerationOperation } from '@room-restyler/core';

export interface AcceptedJobRecord {
  requestId: string;
  operation: GenerationOperation;
  userId: string;
  /** The `Idempotency-Key` header the POST came with, or null. Recorded, never used to dedupe (the service documents no dedupe). */
  idempotencyKey: string | null;
  /** False when a simulated connection reset swallowed the acknowledgement after the job was created. */
  acknowledged: boolean;
  status: string;
}

export interface SimulatorStats {
  seed: number;
  /** Requests per route, e.g. `POST /api/v1/restyle`; unmatched paths count under `(unmatched)`. */
  requests: Record<string, number>;
  /** Responses per HTTP status; resets count under `reset`. */
  responses: Record<string, number>;
  jobs: { accepted: number; succeeded: number; failed: number; running: number };
  credits: { debited: number; refunded: number };
  faults: { serverErrors: number; rateLimited: number; resets: number; resetsAfterJobCreated: number; failedJobs: number };
  /** Starts refused 429 because the account had `concurrencyPerKey` jobs running. */
  overConcurrency: number;
  accounts: Array<{ userId: string; email: string; subscription: string; creditsRemaining: number }>;
  acceptedJobs: AcceptedJobRecord[];
}

type Counters = Omit<SimulatorStats, 'seed' | 'accounts' | 'acceptedJobs' | 'jobs'>;

export class StatsRecorder {
  readonly #counters: Counters = {
    requests: {},
    responses: {},
    credits: { debited: 0, refunded: 0 },
    faults: { serverErrors: 0, rateLimited: 0, resets: 0, resetsAfterJobCreated: 0, failedJobs: 0 },
    overConcurrency: 0,
  };

  request(route: string): void {
    this.#counters.requests[route] = (this.#counters.requests[route] ?? 0) + 1;
  }

  response(outcome: number | 'reset'): void {
    const key = String(outcome);
    this.#counters.responses[key] = (this.#counters.responses[key] ?? 0) + 1;
  }

  debited(amount: number): void {
    this.#counters.credits.debited += amount;
  }

  refunded(amount: number): void {
    this.#counters.credits.refunded += amount;
  }

  fault(kind: keyof Counters['faults']): void {
    this.#counters.faults[kind] += 1;
  }

  refusedOverConcurrency(): void {
    this.#counters.overConcurrency += 1;
  }

  /** A deep copy, so callers can keep it while the simulator runs on. */
  snapshot(): Counters {
    return structuredClone(this.#counters);
  }
}
