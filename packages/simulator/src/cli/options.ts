/** The flags of `room-restyler-sim` (see DESIGN.md), read into simulator options. */
import { type FlagSpecs, type FlagValues, readInteger, readPort, readRange, readRate, UsageError } from '@room-restyler/core/cli';
import { ACK_SHAPES, type AckShape, DEFAULT_API_KEY, DEFAULT_CREDITS, SERVICE_LATENCY_MS, type SimulatorOptions } from '../options.js';

export const USAGE = `Usage: room-restyler-sim [options]

A local stand-in for the room image generation service (same endpoints, errors, credits and
latency), producing real, visibly simulated images.

Options:
  --port N              port to listen on; 0 picks a free one (default 4010)
  --host H              interface to bind (default 127.0.0.1)
  --api-key K           an accepted API key; repeat for several accounts (default ${DEFAULT_API_KEY})
  --credits N           monthly credits of each account (default ${DEFAULT_CREDITS})
  --latency MIN-MAX     time to finish a generation in ms, or one number (default ${SERVICE_LATENCY_MS.min}-${SERVICE_LATENCY_MS.max})
  --fail-rate R         share of jobs that end failed, credits refunded (0..1, default 0)
  --error-rate R        share of /api/v1 requests answered 500 (0..1, default 0)
  --rate-limit-rate R   share of /api/v1 requests answered 429 with Retry-After (0..1, default 0)
  --reset-rate R        share of /api/v1 requests whose connection is dropped unanswered (0..1, default 0)
  --concurrency-per-key N
                        generations one key may have running at once; a start beyond is answered 429
                        with Retry-After (default no limit)
  --seed N              seed for faults, latencies and image variation (default random)
  --allow-private-images
                        fetch image_url on any loopback and private host (local development
                        only; by default, like the service, only public hosts and its own samples,
                        plus loopback hosts while the simulator listens on loopback)
  --kit-rules           also refuse what the service documents as acceptable but the kit never
                        sends: image URLs that are not http(s) or longer than 2048 characters,
                        styles and room types outside 1-64 characters, unknown body fields,
                        Idempotency-Keys outside 1-255 characters, a list limit below 1
  --ack-shape S         the acknowledgement and 402 body of a start: documented (each operation as
                        its docs page shows it; the default), generation ({success, request_id,
                        message}; 402 "Insufficient credits") or object ({requestId, status,
                        remainingGenerations}; 402 "Not enough generations") for every operation
  -h, --help            show this help
  -v, --version         print the version
`;

export const DEFAULT_CLI_PORT = 4010;

export const SIMULATOR_FLAGS = {
  port: { kind: 'string' },
  host: { kind: 'string' },
  'api-key': { kind: 'list' },
  credits: { kind: 'string' },
  latency: { kind: 'string' },
  'fail-rate': { kind: 'string' },
  'error-rate': { kind: 'string' },
  'rate-limit-rate': { kind: 'string' },
  'reset-rate': { kind: 'string' },
  'concurrency-per-key': { kind: 'string' },
  seed: { kind: 'string' },
  'allow-private-images': { kind: 'boolean' },
  'kit-rules': { kind: 'boolean' },
  'ack-shape': { kind: 'string' },
} as const satisfies FlagSpecs;

export type CliOptions = SimulatorOptions & { port: number; host: string; latencyMs: { min: number; max: number } };

const isAckShape = (value: string): value is AckShape => (ACK_SHAPES as readonly string[]).includes(value);

const rate = (flag: string, value: string | undefined) => (value === undefined ? 0 : readRate(`--${flag}`, value));

export function optionsFromFlags(values: FlagValues<typeof SIMULATOR_FLAGS>): CliOptions {
  const keys = values['api-key'] ?? [DEFAULT_API_KEY];
  // Messages never repeat a key value.
  keys.forEach((key, i) => {
    if (!/^\S+$/.test(key)) throw new UsageError(`--api-key #${i + 1} must be non-empty and without spaces`);
  });
  if (new Set(keys).size !== keys.length) throw new UsageError('--api-key values must be distinct');
  const credits = values.credits === undefined ? DEFAULT_CREDITS : readInteger('--credits', values.credits, 0, 1_000_000_000);
  if (values.host === '') throw new UsageError('--host must not be empty');
  const ackShape = values['ack-shape'];
  if (ackShape !== undefined && !isAckShape(ackShape)) throw new UsageError(`--ack-shape must be one of ${ACK_SHAPES.join(', ')}`);

  const rates = {
    failRate: rate('fail-rate', values['fail-rate']),
    errorRate: rate('error-rate', values['error-rate']),
    rateLimitRate: rate('rate-limit-rate', values['rate-limit-rate']),
    resetRate: rate('reset-rate', values['reset-rate']),
  };
  if (rates.errorRate + rates.rateLimitRate + rates.resetRate > 1)
    throw new UsageError('--error-rate + --rate-limit-rate + --reset-rate must not exceed 1');

  return {
    port: values.port === undefined ? DEFAULT_CLI_PORT : readPort('--port', values.port),
    host: values.host ?? '127.0.0.1',
    accounts: keys.map((apiKey) => ({ apiKey, credits })),
    latencyMs: values.latency === undefined ? { ...SERVICE_LATENCY_MS } : readRange('--latency', values.latency),
    ...rates,
    ...(values['concurrency-per-key'] !== undefined && {
      concurrencyPerKey: readInteger('--concurrency-per-key', values['concurrency-per-key'], 1, 1_000_000),
    }),
    ...(values.seed !== undefined && { seed: readInteger('--seed', values.seed, 0, 2 ** 32 - 1) }),
    ...(values['allow-private-images'] && { imageFetch: { allowPrivate: true } }),
    ...(values['kit-rules'] && { kitRules: true }),
    ...(ackShape !== undefined && { ackShape }),
  };
}
