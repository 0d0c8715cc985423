import { afterEach, describe, expect, it, vi } from 'vitest';
import { settlesWithin, startGcPressure } from './gc-pressure.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startGcPressure', () => {
  it('says how to get global.gc when node runs without --expose-gc', () => {
    vi.stubGlobal('gc', undefined);
    expect(() => startGcPressure()).toThrow('run node with --expose-gc');
  });

  it('collects every interval until stopped, and counts the collections', () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const pressure = startGcPressure(10);
    vi.advanceTimersByTime(100);
    expect(pressure.stop()).toBe(10);
    vi.advanceTimersByTime(100);
    expect(gc).toHaveBeenCalledTimes(10);
  });
});

describe('settlesWithin', () => {
  it('tells resolved, rejected and still pending apart', async () => {
    const failure = new Error('no');
    expect(await settlesWithin(async () => 7, 1_000)).toMatchObject({ state: 'resolved', value: 7 });
    expect(await settlesWithin(() => Promise.reject(failure), 1_000)).toMatchObject({ state: 'rejected', error: failure });
    const pending = await settlesWithin(() => new Promise(() => {}), 20);
    expect(pending.state).toBe('pending');
    expect(pending.ms).toBeGreaterThanOrEqual(19);
  });

  it('counts from the moment it starts the work, not from when the promise was handed over', async () => {
    const settled = await settlesWithin(() => {
      const busyUntil = Date.now() + 30;
      while (Date.now() < busyUntil);
      return Promise.resolve();
    }, 1_000);
    expect(settled.ms).toBeGreaterThanOrEqual(30);
  });
});
