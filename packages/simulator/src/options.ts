/** Options of `startSimulator`, their defaults and their validation. */
import { isLoopbackHost, isLoopbackOrigin } from './images/loopback.js';

/** One account of the simulated service, reached with its API key. */
export interface SimulatorAccount {
  /** The Bearer key. Never echoed in responses, logs or errors. */
  apiKey: string;
  /** Monthly credit allotment; the balance starts here and is restored on the 1st of each UTC month. Default 100. */
  credits?: number;
  /** Default `sim-user-<n>@example.com`. */
  email?: string;
  /** Plan name reported by `/api/v1/me`. Default `simulator`. */
  subscription?: string;
  /** UUID reported by `/api/v1/me`. Default a random UUID. */
  userId?: string;
}

export interface SimulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** Default: one account with key `sim_test_key` and 100 credits. */
  accounts?: SimulatorAccount[];
  /** Time from acceptance to a terminal status, drawn uniformly. Default the service's 10–30 s. */
  latencyMs?: { min: number; max: number };
  /** Share of accepted jobs that end `failed` (credits refunded). 0..1, default 0. */
  failRate?: number;
  /** Share of /api/v1 requests answered 500 without any effect. 0..1, default 0. */
  errorRate?: number;
  /** Share of /api/v1 requests answered 429 with `Retry-After: 1`, without any effect. 0..1, default 0. */
  rateLimitRate?: number;
  /** Share of /api/v1 requests whose socket is destroyed without a response. 0..1, default 0. */
  resetRate?: number;
  /**
   * Generations one account may have running (`starting` or `processing`) at once, like a plan's
   * concurrency limit: a start beyond it is answered 429 with `Retry-After: 1` and charges nothing.
   * Default: no limit.
   */
  concurrencyPerKey?: number;
  /** Seed of the faults, latencies and image variation. Default random (reported in stats). */
  seed?: number;
  /** Clock for timestamps and the monthly credit reset. Default `() => new Date()`. */
  now?: () => Date;
  /** Images generated (and credits charged) per job. Default 1. */
  outputsPerJob?: number;
  /**
   * Limits on fetching `image_url`. Defaults 20 MB and 15 s. Like the service, the simulator fetches
   * public hosts only (and its own origin); `allowPrivate` names the loopback or private origins it may
   * fetch too (a local proxy's uploads), or `true` for all of them (local tests; `--allow-private-images`).
   * Default: loopback origins when the simulator listens on loopback (the default host), none otherwise.
   */
  imageFetch?: { maxBytes?: number; timeoutMs?: number; allowPrivate?: boolean | ((origin: string) => boolean) };
  /**
   * Also hold requests to the kit's own rules, which the service does not document (`--kit-rules`):
   * an image_url that is an http(s) URL of at most 2048 characters, a style and room type of 1 to 64
   * characters, no body field the spec does not list, an Idempotency-Key of 1 to 255 characters, a
   * list limit of at least 1. Default false: like the service as documented, the simulator accepts
   * any URI, any style, and drops fields it does not know. The kit's tests turn it on where they
   * rely on those refusals.
   */
  kitRules?: boolean;
  /**
   * The acknowledgement and 402 body of a start (`--ack-shape`). The docs show two families:
   * `generation`, the *Image Generation* pages' `{success, request_id, message}` with 402
   * "Insufficient credits" + `credits_remaining`; `object`, the *Object Manipulation* (and other)
   * pages' `{requestId, status: "starting", remainingGenerations}` with 402 "Not enough
   * generations". `documented` (the default) answers each operation as its page shows it (the
   * generation shape where a path is documented in both); `generation` or `object` answers every
   * operation in that shape, so a client can be tested against either on any path.
   */
  ackShape?: AckShape;
  /** Receives one line per request and job transition. Never given a key. */
  log?: (line: string) => void;
}

export const ACK_SHAPES = ['documented', 'generation', 'object'] as const;
export type AckShape = (typeof ACK_SHAPES)[number];

export interface ResolvedAccount {
  apiKey: string;
  credits: number;
  email: string;
  subscription: string;
  userId: string;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  accounts: ResolvedAccount[];
  latencyMs: { min: number; max: number };
  failRate: number;
  errorRate: number;
  rateLimitRate: number;
  resetRate: number;
  concurrencyPerKey: number;
  seed: number;
  now: () => Date;
  outputsPerJob: number;
  imageFetch: { maxBytes: number; timeoutMs: number; allowPrivate: boolean | ((origin: string) => boolean) };
  kitRules: boolean;
  ackShape: AckShape;
  log: (line: string) => void;
}

export const DEFAULT_API_KEY = 'sim_test_key';
export const DEFAULT_CREDITS = 100;
export const SERVICE_LATENCY_MS = { min: 10_000, max: 30_000 } as const;
const MAX_OUTPUTS_PER_JOB = 8;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RangeError(`startSimulator: ${message}`);
}

const isRate = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

function resolveAccounts(accounts: SimulatorAccount[] | undefined): ResolvedAccount[] {
  const given = accounts ?? [{ apiKey: DEFAULT_API_KEY }];
  check(given.length > 0, 'accounts must not be empty');
  const seen = new Set<string>();
  return given.map((account, index) => {
    // Messages name the position, never the key itself.
    check(
      typeof account.apiKey === 'string' && /^\S+$/.test(account.apiKey),
      `accounts[${index}].apiKey must be a non-empty string without spaces`,
    );
    check(!seen.has(account.apiKey), `accounts[${index}].apiKey is used by an earlier account`);
    seen.add(account.apiKey);
    const credits = account.credits ?? DEFAULT_CREDITS;
    check(isCount(credits), `accounts[${index}].credits must be a non-negative integer`);
    return {
      apiKey: account.apiKey,
      credits,
      email: account.email ?? `sim-user-${index + 1}@example.com`,
      subscription: account.subscription ?? 'simulator',
      userId: account.userId ?? crypto.randomUUID(),
    };
  });
}

export function resolveOptions(options: SimulatorOptions = {}): ResolvedOptions {
  const port = options.port ?? 0;
  check(Number.isInteger(port) && port >= 0 && port <= 65_535, 'port must be an integer in 0..65535');
  const latencyMs = options.latencyMs ?? SERVICE_LATENCY_MS;
  check(isCount(latencyMs.min) && isCount(latencyMs.max) && latencyMs.min <= latencyMs.max, 'latencyMs needs integers 0 <= min <= max');
  const rates = {
    failRate: options.failRate ?? 0,
    errorRate: options.errorRate ?? 0,
    rateLimitRate: options.rateLimitRate ?? 0,
    resetRate: options.resetRate ?? 0,
  };
  for (const [name, value] of Object.entries(rates)) check(isRate(value), `${name} must be a number in 0..1`);
  check(rates.errorRate + rates.rateLimitRate + rates.resetRate <= 1, 'errorRate + rateLimitRate + resetRate must not exceed 1');
  const concurrencyPerKey = options.concurrencyPerKey ?? Number.POSITIVE_INFINITY;
  check(
    concurrencyPerKey === Number.POSITIVE_INFINITY || (isCount(concurrencyPerKey) && concurrencyPerKey > 0),
    'concurrencyPerKey must be a positive integer',
  );
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  check(Number.isSafeInteger(seed), 'seed must be an integer');
  const outputsPerJob = options.outputsPerJob ?? 1;
  check(
    Number.isInteger(outputsPerJob) && outputsPerJob >= 1 && outputsPerJob <= MAX_OUTPUTS_PER_JOB,
    `outputsPerJob must be an integer in 1..${MAX_OUTPUTS_PER_JOB}`,
  );
  const host = options.host ?? '127.0.0.1';
  const imageFetch = {
    maxBytes: options.imageFetch?.maxBytes ?? 20 * 1024 * 1024,
    timeoutMs: options.imageFetch?.timeoutMs ?? 15_000,
    // On loopback, a local proxy's uploads on loopback work without a flag (see loopback.ts).
    allowPrivate: options.imageFetch?.allowPrivate ?? (isLoopbackHost(host) ? isLoopbackOrigin : false),
  };
  check(isCount(imageFetch.maxBytes) && imageFetch.maxBytes > 0, 'imageFetch.maxBytes must be a positive integer');
  check(isCount(imageFetch.timeoutMs) && imageFetch.timeoutMs > 0, 'imageFetch.timeoutMs must be a positive integer');
  const ackShape = options.ackShape ?? 'documented';
  check(ACK_SHAPES.includes(ackShape), `ackShape must be one of ${ACK_SHAPES.join(', ')}`);
  return {
    port,
    host,
    accounts: resolveAccounts(options.accounts),
    latencyMs: { min: latencyMs.min, max: latencyMs.max },
    ...rates,
    concurrencyPerKey,
    seed,
    now: options.now ?? (() => new Date()),
    outputsPerJob,
    imageFetch,
    kitRules: options.kitRules ?? false,
    ackShape,
    log: options.log ?? (() => {}),
  };
}
