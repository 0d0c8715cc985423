import { describe, expect, it } from 'vitest';
import { UsageError } from './usage-error.js';
import { readBoolean, readInteger, readPort, readRange, readRate, readUrl } from './values.js';

describe('value readers', () => {
  it('read what they are given', () => {
    expect(readInteger('--credits', '5', 0, 10)).toBe(5);
    expect(readPort('--port', '0')).toBe(0);
    expect(readRate('--fail-rate', '.25')).toBe(0.25);
    expect(readRate('--fail-rate', '1.0')).toBe(1);
    expect(readRange('ROOM_SIM_LATENCY', '100-200')).toEqual({ min: 100, max: 200 });
    expect(readRange('--latency', '50')).toEqual({ min: 50, max: 50 });
    expect(readBoolean('ROOM_PROXY_TRUST_PROXY', 'false')).toBe(false);
    expect(readUrl('ROOM_API_BASE_URL', 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });

  it.each([
    [() => readPort('--port', '70000'), '--port must be an integer from 0 to 65535, got "70000"'],
    [() => readInteger('--credits', '1e3', 0, 10_000), '--credits must be an integer from 0 to 10000, got "1e3"'],
    [() => readRate('--fail-rate', '1.5'), '--fail-rate must be a number from 0 to 1, got "1.5"'],
    [() => readRange('ROOM_SIM_LATENCY', '200-100'), 'ROOM_SIM_LATENCY: MIN must not exceed MAX, got "200-100"'],
    [() => readRange('ROOM_SIM_LATENCY', 'fast'), 'ROOM_SIM_LATENCY must be MIN-MAX or N in milliseconds, got "fast"'],
    [() => readBoolean('ROOM_PROXY_TRUST_PROXY', 'yes'), 'ROOM_PROXY_TRUST_PROXY must be true or false, got "yes"'],
    [() => readUrl('ROOM_API_BASE_URL', 'ftp://x'), 'ROOM_API_BASE_URL must be an http(s) URL, got "ftp://x"'],
  ])('name the flag or variable in their refusal (%#)', (read, message) => {
    expect(read).toThrow(new UsageError(message));
  });
});
