/** Parses the flags of `room-restyler-sim` (see DESIGN.md) into simulator options. */
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY, DEFAULT_CREDITS, SERVICE_LATENCY_MS, type SimulatorOptions } from './options.js';

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
  --seed N              seed for faults, latencies and image variation (default random)
  -h, --help            show this help
`;

export const DEFAULT_CLI_PORT = 4010;

/** A flag problem: the CLI prints it and exits with status 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'run'; options: SimulatorOptions & { port: number; host: string; latencyMs: { min: number; max: number } } };

function integer(flag: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new CliUsageError(`--${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

function rate(flag: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const n = /^(0|1|0?\.\d+|1\.0*)$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(n)) throw new CliUsageError(`--${flag} must be a number from 0 to 1, got "${value}"`);
  return n;
}

function latency(value: string | undefined): { min: number; max: number } {
  if (value === undefined) return { ...SERVICE_LATENCY_MS };
  const match = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!match) throw new CliUsageError(`--latency must be MIN-MAX or N in milliseconds, got "${value}"`);
  const min = integer('latency', match[1]!, 0, 3_600_000);
  const max = match[2] === undefined ? min : integer('latency', match[2], 0, 3_600_000);
  if (min > max) throw new CliUsageError(`--latency MIN must not exceed MAX, got "${value}"`);
  return { min, max };
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        credits: { type: 'string' },
        latency: { type: 'string' },
        'fail-rate': { type: 'string' },
        'error-rate': { type: 'string' },
        'rate-limit-rate': { type: 'string' },
        'reset-rate': { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };

  const keys = values['api-key'] ?? [DEFAULT_API_KEY];
  // Messages never repeat a key value.
  keys.forEach((key, i) => {
    if (!/^\S+$/.test(key)) throw new CliUsageError(`--api-key #${i + 1} must be non-empty and without spaces`);
  });
  if (new Set(keys).size !== keys.length) throw new CliUsageError('--api-key values must be distinct');
  const credits = values.credits === undefined ? DEFAULT_CREDITS : integer('credits', values.credits, 0, 1_000_000_000);
  if (values.host === '') throw new CliUsageError('--host must not be empty');

  const rates = {
    failRate: rate('fail-rate', values['fail-rate']),
    errorRate: rate('error-rate', values['error-rate']),
    rateLimitRate: rate('rate-limit-rate', values['rate-limit-rate']),
    resetRate: rate('reset-rate', values['reset-rate']),
  };
  if (rates.errorRate + rates.rateLimitRate + rates.resetRate > 1)
    throw new CliUsageError('--error-rate + --rate-limit-rate + --reset-rate must not exceed 1');

  return {
    kind: 'run',
    options: {
      port: values.port === undefined ? DEFAULT_CLI_PORT : integer('port', values.port, 0, 65_535),
      host: values.host ?? '127.0.0.1',
      accounts: keys.map((apiKey) => ({ apiKey, credits })),
      latencyMs: latency(values.latency),
      ...rates,
      ...(values.seed !== undefined && { seed: integer('seed', values.seed, 0, 2 ** 32 - 1) }),
    },
  };
}
