/** The `--check` runner shared by the bins: lines in order, a bounded wait per check, exit 1 only on a failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Check, fail, ok, runChecks, warn } from './index.js';

function fakeProcess() {
  const proc = { argv: [], stdout: { text: '', write: (s: string) => (proc.stdout.text += s) }, stderr: { write: () => {} } };
  return proc as typeof proc & { exitCode?: number };
}
const check = (label: string, run: Check['run']): Check => ({ label, run });

afterEach(() => vi.useRealTimers());

describe('runChecks', () => {
  it('prints one aligned line per check in the given order; warnings keep exit 0', async () => {
    const proc = fakeProcess();
    let releaseFirst = () => {};
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    await runChecks(proc, [
      check('key', async () => {
        await first;
        return ok('accepted');
      }),
      // Runs while the first is still waiting: independent checks do not queue.
      check('public URL', async () => {
        releaseFirst();
        return warn('not set', 'set ROOM_PROXY_PUBLIC_URL');
      }),
    ]);
    expect(proc.stdout.text).toBe('✓ key        accepted\n! public URL not set — set ROOM_PROXY_PUBLIC_URL\n');
    expect(proc.exitCode).toBeUndefined();
  });

  it('fails a check that does not answer in time, aborting it, and one that throws; exit 1', async () => {
    vi.useFakeTimers();
    const proc = fakeProcess();
    let aborted = false;
    const running = runChecks(
      proc,
      [
        check('redis', (signal) => new Promise(() => signal.addEventListener('abort', () => (aborted = true)))),
        check('sharp', async () => {
          throw new Error('cannot load');
        }),
        check('origins', async () => fail('not origins: x', 'write scheme://host')),
      ],
      { timeoutMs: 3_000 },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    await running;
    expect(aborted).toBe(true);
    expect(proc.stdout.text.split('\n')).toEqual([
      '✗ redis      no answer within 3 s',
      '✗ sharp      cannot load',
      '✗ origins    not origins: x — write scheme://host',
      '',
    ]);
    expect(proc.exitCode).toBe(1);
  });

  it('only warns for an advisory check that does not answer within its own bound, or throws; exit 0', async () => {
    vi.useFakeTimers();
    const proc = fakeProcess();
    const running = runChecks(
      proc,
      [
        { label: 'key share', advisory: true, timeoutMs: 8_000, run: () => new Promise(() => {}) },
        { label: 'other', advisory: true, run: () => Promise.reject(new Error('no list')) },
      ],
      { timeoutMs: 3_000 },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    expect(proc.stdout.text).toBe('');
    await vi.advanceTimersByTimeAsync(5_000);
    await running;
    expect(proc.stdout.text.split('\n')).toEqual([
      '! key share  not checked: no answer within 8 s',
      '! other      not checked: no list',
      '',
    ]);
    expect(proc.exitCode).toBeUndefined();
  });
});
