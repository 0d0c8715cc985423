import { describe, expect, it } from 'vitest';
import { ManualClock, waitFor } from './clock.js';

describe('ManualClock', () => {
  it('wakes sleepers only when time passes theirs, in order', async () => {
    const clock = new ManualClock({ start: 0 });
    const woke: number[] = [];
    void clock.sleep(200).then(() => woke.push(200));
    void clock.sleep(100).then(() => woke.push(100));
    await clock.advance(99);
    expect(woke).toEqual([]);
    await clock.advance(200);
    expect(woke).toEqual([100, 200]);
    expect(clock.sleeping).toBe(0);
  });

  it('in auto mode lets every sleep pass at once, moving time and recording it', async () => {
    const clock = new ManualClock({ start: 0, auto: true });
    await clock.sleep(1_500);
    await clock.sleep(250);
    expect([clock.now(), clock.sleeps]).toEqual([1_750, [1_500, 250]]);
  });

  it('rejects an aborted sleep with the reason, and leaves no listener on a signal it is done with', async () => {
    const clock = new ManualClock({ start: 0 });
    const controller = new AbortController();
    const added: string[] = [];
    const removed: string[] = [];
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject, AddEventListenerOptions?]) => {
      added.push(type);
      add(type, ...rest);
    };
    signal.removeEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject, EventListenerOptions?]) => {
      removed.push(type);
      remove(type, ...rest);
    };
    for (let i = 0; i < 20; i++) {
      const sleeping = clock.sleep(10, signal);
      await clock.advance(10);
      await sleeping;
    }
    expect([added.length, removed.length]).toEqual([20, 20]);

    const pending = clock.sleep(1_000, signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(clock.sleeping).toBe(0);
  });
});

describe('waitFor', () => {
  it('waits for a condition, also an async one, and names what it waited for when it times out', async () => {
    let reads = 0;
    await waitFor(async () => ++reads === 3, 'the third read');
    expect(reads).toBe(3);
    await expect(waitFor(async () => false, 'a job that never ends', 20)).rejects.toThrow('timed out waiting for a job that never ends');
  });
});
