import { describe, expect, it } from 'vitest';
import { runFuzz } from './run-fuzz.js';

// CI runs a few hundred cases per target; `pnpm bench` runs the 5,000-case profile.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

describe('fuzzing the proxy and the simulator', () => {
  it(`answers ${RUNS} hostile requests per target with JSON 4xx, no 5xx, no hang, no key`, async () => {
    const results = await runFuzz({ runs: RUNS, seed: 424242 });
    console.log(results.map((r) => `${r.target}: ${JSON.stringify(r.statuses)}`).join('\n'));
    expect(results).toHaveLength(4);
    for (const result of results) expect(result.statuses['4xx'] ?? 0).toBeGreaterThan(0);
  });
});
