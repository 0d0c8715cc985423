/**
 * The soak the issue asked for: 5,000 HTTP sessions opened and never ended, then closed as idle —
 * the memory the server's objects hold goes back to within 50 MB of what it was before (bench/session-soak.ts, in
 * its own process so that nothing else's memory counts).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));

describe('5,000 sessions without DELETE', () => {
  // Long on a busy machine (each session is a server of its own); the timeout is only a safety net.
  it('are all held while open and their memory is given back once they close as idle', { timeout: 900_000 }, async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/session-soak.ts', '5000'], { cwd: here });
    const { sessions, held } = JSON.parse(stdout) as { sessions: number; held: { idle: number; peak: number; after: number } };
    expect(sessions).toBeGreaterThanOrEqual(5000);
    // The sessions really took memory while open: the figure below measures something.
    expect(held.peak - held.idle).toBeGreaterThan(100);
    // What the server's objects hold, not RSS: how soon the allocator returns pages depends on how busy the machine is.
    expect(held.after - held.idle).toBeLessThanOrEqual(50);
  });
});
