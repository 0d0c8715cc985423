/** Idempotency-Key records: one claim wins, replays get the answer, a lost start is locked for one request to reconcile. */
import { describe, expect, it } from 'vitest';
import { claimKey, type KeyScope } from './idempotency-record.js';
import { createMemoryStartStore } from './memory-store.js';
import { StartLedger } from './start-ledger.js';

const T0 = Date.UTC(2025, 0, 15, 12);

function setup() {
  let now = T0;
  const store = createMemoryStartStore({ now: () => now });
  const ledger = new StartLedger(store, { upstreamTimeoutMs: 30_000 });
  const scope = (): KeyScope => ({ ttlMs: 86_400_000, pendingTtlMs: ledger.pendingTtlMs, now });
  const claim = (fingerprint = 'restyle modern') => claimKey(store, 'idem:visitor:key', fingerprint, ledger.newStart(now), scope());
  return { ledger, claim, advance: (ms: number) => (now += ms) };
}

describe('claimKey', () => {
  it('gives the key to the first request; the same request meanwhile waits, another one is refused; then the answer is replayed', async () => {
    const { claim } = setup();
    const first = await claim();
    expect(first.kind).toBe('claimed');
    expect(await claim()).toEqual({ kind: 'in_progress', retryAfterMs: 35_000 });
    expect(await claim('restyle coastal')).toEqual({ kind: 'reused' });
    if (first.kind !== 'claimed') throw new Error('unreachable');
    expect(await first.record.complete(200, { request_id: 'h' })).toBe(true);
    expect(await claim()).toEqual({ kind: 'replay', status: 200, body: { request_id: 'h' } });
  });

  it('hands a start lost with its program to one request after its deadline, locked while it reconciles', async () => {
    const { claim, advance } = setup();
    await claim();
    advance(35_000);
    const taken = await claim();
    expect(taken).toMatchObject({ kind: 'unresolved', lost: { state: 'in_flight' } });
    expect(await claim()).toMatchObject({ kind: 'in_progress' });
  });

  it('lets the next request reconcile at once a start answered "unknown", with when it ended', async () => {
    const { claim, advance } = setup();
    const first = await claim();
    if (first.kind !== 'claimed') throw new Error('unreachable');
    const start = JSON.parse(first.record.current).start;
    await first.record.unresolved({ start, state: 'unknown', endedAt: T0 + 500, answered: true }, T0 + 500);
    advance(1_000);
    expect(await claim()).toMatchObject({ kind: 'unresolved', lost: { state: 'unknown', endedAt: T0 + 500, answered: true } });
  });
});
