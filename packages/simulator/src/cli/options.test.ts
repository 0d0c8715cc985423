import { parseFlags, UsageError } from '@room-restyler/core/cli';
import { describe, expect, it } from 'vitest';
import { optionsFromFlags, SIMULATOR_FLAGS } from './options.js';

const parseCliArgs = (argv: string[]) => optionsFromFlags(parseFlags(argv, SIMULATOR_FLAGS));

describe('simulator flags', () => {
  it('defaults to port 4010, the default key with 100 credits, and the service latency', () => {
    expect(parseCliArgs([])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      accounts: [{ apiKey: 'sim_test_key', credits: 100 }],
      latencyMs: { min: 10_000, max: 30_000 },
      failRate: 0,
      errorRate: 0,
      rateLimitRate: 0,
      resetRate: 0,
    });
  });

  it('reads every flag, with repeated keys', () => {
    const command = parseCliArgs([
      '--port',
      '0',
      '--host',
      '::1',
      '--api-key',
      'a',
      '--api-key',
      'b',
      '--credits',
      '5',
      '--latency',
      '10-20',
      '--fail-rate',
      '0.1',
      '--error-rate',
      '.2',
      '--rate-limit-rate',
      '0.3',
      '--reset-rate',
      '0',
      '--concurrency-per-key',
      '8',
      '--seed',
      '9',
    ]);
    expect(command).toEqual({
      port: 0,
      host: '::1',
      accounts: [
        { apiKey: 'a', credits: 5 },
        { apiKey: 'b', credits: 5 },
      ],
      latencyMs: { min: 10, max: 20 },
      failRate: 0.1,
      errorRate: 0.2,
      rateLimitRate: 0.3,
      resetRate: 0,
      concurrencyPerKey: 8,
      seed: 9,
    });
    expect(parseCliArgs(['--latency', '50'])).toMatchObject({ latencyMs: { min: 50, max: 50 } });
  });

  it('answers in the acknowledgement shape --ack-shape names, and refuses any other', () => {
    expect(parseCliArgs([])).not.toHaveProperty('ackShape');
    expect(parseCliArgs(['--ack-shape', 'object'])).toMatchObject({ ackShape: 'object' });
    expect(parseCliArgs(['--ack-shape', 'generation'])).toMatchObject({ ackShape: 'generation' });
    expect(parseCliArgs(['--ack-shape', 'documented'])).toMatchObject({ ackShape: 'documented' });
    expect(() => parseCliArgs(['--ack-shape', 'camel'])).toThrow(
      new UsageError('--ack-shape must be one of documented, generation, object'),
    );
  });

  it('holds requests to the kit’s own rules only with --kit-rules', () => {
    expect(parseCliArgs([])).not.toHaveProperty('kitRules');
    expect(parseCliArgs(['--kit-rules'])).toMatchObject({ kitRules: true });
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--latency', '30-10'], /MIN must not exceed MAX/],
    [['--latency', 'fast'], /--latency must be MIN-MAX/],
    [['--fail-rate', '2'], /--fail-rate must be a number from 0 to 1/],
    [['--error-rate', '0.6', '--reset-rate', '0.6'], /must not exceed 1/],
    [['--credits=-1'], /--credits must be an integer/],
    [['--credits', '-1'], /--credits must be an integer/],
    [['--api-key', 'x', '--api-key', 'x'], /distinct/],
    [['--verbose'], /unknown option --verbose/],
    [['extra'], /unexpected argument "extra"/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('never repeats a key in an error', () => {
    expect(() => parseCliArgs(['--api-key', 'secret one'])).toThrow(/^--api-key #1 must be non-empty and without spaces$/);
  });
});
