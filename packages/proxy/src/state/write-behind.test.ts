/** Writes that must reach the store: in order, now or once it answers again, never thrown at the caller. */
import { waitFor } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../log.js';
import { WriteBehind } from './write-behind.js';

function setup() {
  let now = 0;
  let storeUp = false;
  const written: string[] = [];
  const logs: LogEntry[] = [];
  const write = (name: string) => async () => {
    if (!storeUp) throw new Error('store down');
    written.push(name);
  };
  const writes = new WriteBehind({ now: () => now, log: (entry) => logs.push(entry), maxAgeMs: 60_000, retryEveryMs: 5 });
  return {
    writes,
    write,
    written,
    logs,
    up: () => (storeUp = true),
    pass: (ms: number) => (now += ms),
  };
}

describe('WriteBehind', () => {
  it('writes at once when it can', async () => {
    const { writes, write, written, up } = setup();
    up();
    await writes.run([write('a'), write('b')]);
    expect(written).toEqual(['a', 'b']);
    expect(writes.waiting).toBe(0);
  });

  it('keeps what failed, and writes it in order once the store answers again', async () => {
    const { writes, write, written, up } = setup();
    await expect(writes.run([write('known'), write('record'), write('resolved')])).resolves.toBeUndefined();
    await writes.run([write('other')]);
    expect(writes.waiting).toBe(2);
    up();
    await waitFor(() => writes.waiting === 0, 'the writes to be retried');
    expect(written).toEqual(['known', 'record', 'resolved', 'other']);
  });

  it('drops writes too old to matter, and says so at shutdown for the rest', async () => {
    const { writes, write, written, up, pass } = setup();
    await writes.run([write('stale')]);
    pass(60_001);
    await writes.run([write('fresh')]);
    up();
    await waitFor(() => writes.waiting === 0, 'the retry');
    expect(written).toEqual(['fresh']);

    const down = setup();
    await down.writes.run([down.write('lost')]);
    await down.writes.close();
    expect(down.logs.map((e) => e.msg)).toEqual(['store writes lost at shutdown']);
    expect(down.writes.waiting).toBe(0);
  });
});
