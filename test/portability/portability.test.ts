/**
 * Portability proven, not claimed (DESIGN.md): the one smoke suite (`smoke.ts`) runs on each
 * runtime against a real simulator on loopback — me, restyle, poll to success, a 401, an abort —
 * and every check it reports is a test here. A runtime that cannot start fails its checks with
 * the reason. The run ends with one line per runtime: what passed, and how long each check took.
 */
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LIMIT_MS, RUNTIMES, type RuntimeRun } from './runtimes.js';
import { CHECKS, type SmokeTarget } from './smoke.js';

/** One account per runtime, so that each one's credit count is its own. */
const keyOf = (runtime: string) => `bs_live_portability_${runtime.toLowerCase()}`;

let sim: RunningSimulator;
const summary: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({
    latencyMs: { min: 200, max: 600 },
    accounts: RUNTIMES.map((runtime) => ({ apiKey: keyOf(runtime.name), credits: 10 })),
  });
});

afterAll(async () => {
  await sim?.close();
  console.log(`Portability smoke suite, per runtime:\n${summary.join('\n')}`);
});

describe.each(RUNTIMES)('on $name', (runtime) => {
  let run: RuntimeRun | undefined;
  let failure: Error | undefined;

  beforeAll(async () => {
    const target: SmokeTarget = {
      baseUrl: sim.url,
      apiKey: keyOf(runtime.name),
      photoUrl: `${sim.url}/__simulator/samples/furnished-room.jpg`,
    };
    const startedAt = Date.now();
    try {
      run = await runtime.run(target);
      const passed = run.report.checks.filter((check) => check.ok).length;
      const checks = run.report.checks.map((check) => `${check.ok ? '✓' : '✗'} ${check.name} ${check.ms} ms`).join(', ');
      summary.push(`  ${run.version}: ${passed}/${CHECKS.length} passed in ${Date.now() - startedAt} ms (${checks})`);
    } catch (error) {
      failure = new Error(`${runtime.name} could not start or run the smoke suite: ${(error as Error).message}`, { cause: error });
      summary.push(`  ${failure.message}`);
    }
  }, RUN_LIMIT_MS + 30_000);

  it.each(CHECKS)('%s', (name) => {
    if (failure) throw failure;
    const check = run?.report.checks.find((c) => c.name === name);
    expect(check, `${name} was not reported`).toBeDefined();
    if (!check?.ok) throw new Error(`${name} failed on ${run?.version}: ${check?.error}`);
  });
});
