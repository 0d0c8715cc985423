import { UsageError } from '@room-restyler/core/cli';
import { describe, expect, it } from 'vitest';
import { creditLimit } from './credit-limit.js';

describe('the spending confirmation limit', () => {
  it('comes from the flag, else the environment, else the server default', () => {
    expect(creditLimit('5', '1')).toBe(5);
    expect(creditLimit(undefined, '1')).toBe(1);
    expect(creditLimit(undefined, ' ')).toBeUndefined();
    expect(creditLimit(undefined, undefined)).toBeUndefined();
  });

  it('takes 0 (ask before every generation) and off (never ask), and refuses anything else', () => {
    expect(creditLimit('0', undefined)).toBe(0);
    expect(creditLimit('off', undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(() => creditLimit('-1', undefined)).toThrow(UsageError);
    expect(() => creditLimit(undefined, 'lots')).toThrow(/ROOM_CONFIRM_CREDITS_ABOVE must be an integer/);
  });
});
