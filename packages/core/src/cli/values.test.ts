import { describe, expect, it } from 'vitest';
import { UsageError } from './usage-error.js';
import { readBaseUrl, readBoolean, readInteger, readNonEmpty, readPort, readRange, readRate, readUrl } from './values.js';

describe('value readers', () => {
  it('read what they are given', () => {
    expect(readInteger('--credits', '5', 0, 10)).toBe(5);
    expect(readPort('--port', '0')).toBe(0);
    expect(readRate('--fail-rate', '.25')).toBe(0.25);
    expect(readRate('--fail-rate', '1.0')).toBe(1);
    expect(readRange('ROOM_SIM_LATENCY', '100-200')).toEqual({ min: 100, max: 200 });
    expect(readRange('--latency', '50')).toEqual({ min: 50, max: 50 });
    expect(readBaseUrl('ROOM_API_BASE_URL', 'https://api.bright-shot.com/api/v1/')).toBe('https://api.bright-shot.com');
    expect(readBoolean('ROOM_PROXY_TRUST_PROXY', 'false')).toBe(false);
    expect(readUrl('ROOM_API_BASE_URL', 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(readUrl('ROOM_API_BASE_URL', 'https://api.bright-shot.com')).toBe('https://api.bright-shot.com');
    expect(readNonEmpty('ROOM_API_KEY', ' k ')).toBe(' k ');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('read the boolean "%s" as %s', (value, read) => {
    expect(readBoolean('ROOM_PROXY_TRUST_PROXY', value)).toBe(read);
  });

  it.each(['0', '0.', '0.5', '0.125', '.5', '1', '1.', '1.00'])('read the rate "%s"', (value) => {
    expect(readRate('--fail-rate', value)).toBe(Number(value));
  });

  it('read the bounds of an integer as allowed', () => {
    expect(readInteger('--credits', '10', 0, 10)).toBe(10);
    expect(readInteger('--credits', '3', 3, 10)).toBe(3);
  });

  it.each([
    [() => readPort('--port', '70000'), '--port must be an integer from 0 to 65535, got "70000"'],
    [() => readInteger('--credits', '1e3', 0, 10_000), '--credits must be an integer from 0 to 10000, got "1e3"'],
    [() => readRate('--fail-rate', '1.5'), '--fail-rate must be a number from 0 to 1, got "1.5"'],
    [() => readRange('ROOM_SIM_LATENCY', '200-100'), 'ROOM_SIM_LATENCY: MIN must not exceed MAX, got "200-100"'],
    [() => readRange('ROOM_SIM_LATENCY', 'fast'), 'ROOM_SIM_LATENCY must be MIN-MAX or N in milliseconds, got "fast"'],
    [() => readBoolean('ROOM_PROXY_TRUST_PROXY', 'yes'), 'ROOM_PROXY_TRUST_PROXY must be true or false, got "yes"'],
    [() => readUrl('ROOM_API_BASE_URL', 'ftp://x'), 'ROOM_API_BASE_URL must be an http(s) URL, got "ftp://x"'],
    [() => readUrl('ROOM_API_BASE_URL', 'git+https://x'), 'ROOM_API_BASE_URL must be an http(s) URL, got "git+https://x"'],
    [() => readUrl('ROOM_API_BASE_URL', 'https'), 'ROOM_API_BASE_URL must be an http(s) URL, got "https"'],
    [
      () => readBaseUrl('ROOM_API_BASE_URL', 'https://api.bright-shot.com/api/v1?key=x'),
      'ROOM_API_BASE_URL must not have a query or fragment: the kit appends paths to it (got "https://api.bright-shot.com/api/v1?key=x")',
    ],
    [() => readInteger('--credits', '2', 3, 10), '--credits must be an integer from 3 to 10, got "2"'],
    [() => readInteger('--credits', '11', 3, 10), '--credits must be an integer from 3 to 10, got "11"'],
    [() => readInteger('--credits', '-1', 0, 10), '--credits must be an integer from 0 to 10, got "-1"'],
    [() => readRate('--fail-rate', '0.x'), '--fail-rate must be a number from 0 to 1, got "0.x"'],
    [() => readRate('--fail-rate', '1.01'), '--fail-rate must be a number from 0 to 1, got "1.01"'],
    [() => readRate('--fail-rate', '10'), '--fail-rate must be a number from 0 to 1, got "10"'],
    [() => readRate('--fail-rate', '00.5'), '--fail-rate must be a number from 0 to 1, got "00.5"'],
    [() => readRange('ROOM_SIM_LATENCY', 'x100-200'), 'ROOM_SIM_LATENCY must be MIN-MAX or N in milliseconds, got "x100-200"'],
    [() => readRange('ROOM_SIM_LATENCY', '100-200ms'), 'ROOM_SIM_LATENCY must be MIN-MAX or N in milliseconds, got "100-200ms"'],
    [() => readBoolean('ROOM_PROXY_TRUST_PROXY', ''), 'ROOM_PROXY_TRUST_PROXY must be true or false, got ""'],
    [() => readNonEmpty('ROOM_API_KEY', ' \t'), 'ROOM_API_KEY must not be empty'],
  ])('name the flag or variable in their refusal (%#)', (read, message) => {
    expect(read).toThrow(new UsageError(message));
  });
});
