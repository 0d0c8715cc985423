import { describe, expect, it } from 'vitest';
import { AccountStore } from './accounts.js';

const account = { apiKey: 'k1', credits: 10, email: 'a@example.com', subscription: 'pro', userId: 'u1' };

function storeAt(iso: string) {
  const clock = { now: new Date(iso) };
  const store = new AccountStore([account], () => clock.now);
  return { store, clock };
}

describe('AccountStore', () => {
  it('finds accounts by key only', () => {
    const { store } = storeAt('2026-03-10T12:00:00Z');
    expect(store.find('k1')?.email).toBe('a@example.com');
    expect(store.find('K1')).toBeUndefined();
  });

  it('debits until the balance is short, then reports what is left', () => {
    const { store } = storeAt('2026-03-10T12:00:00Z');
    const a = store.find('k1')!;
    expect(store.debit(a, 8)).toEqual({ ok: true, period: '2026-03' });
    expect(store.debit(a, 3)).toEqual({ ok: false, creditsRemaining: 2 });
    expect(a.credits).toBe(2);
  });

  it('restores the allotment at the first access of a new UTC month, not before', () => {
    const { store, clock } = storeAt('2026-01-31T23:59:59.999Z');
    const a = store.find('k1')!;
    store.debit(a, 10);
    expect(store.find('k1')!.credits).toBe(0);
    clock.now = new Date('2026-02-01T00:00:00.000Z');
    expect(store.find('k1')!.credits).toBe(10);
  });

  it('refunds into the same month, and not after a reset already restored the credits', () => {
    const { store, clock } = storeAt('2026-05-20T00:00:00Z');
    const a = store.find('k1')!;
    const debit = store.debit(a, 4);
    if (!debit.ok) throw new Error('debit failed');
    expect(store.refund(a, 4, debit.period)).toBe(4);
    expect(a.credits).toBe(10);
    const second = store.debit(a, 4);
    if (!second.ok) throw new Error('debit failed');
    clock.now = new Date('2026-06-01T00:00:00Z');
    expect(store.refund(a, 4, second.period)).toBe(0);
    expect(a.credits).toBe(10);
  });

  it('sets credits for tests and rejects unknown keys without naming them', () => {
    const { store } = storeAt('2026-05-20T00:00:00Z');
    store.setCredits('k1', 0);
    expect(store.find('k1')!.credits).toBe(0);
    expect(() => store.setCredits('secret_value', 1)).toThrow(/no account has this key/);
    expect(() => store.setCredits('secret_value', 1)).not.toThrow(/secret_value/);
    expect(() => store.setCredits('k1', -1)).toThrow(RangeError);
  });
});
