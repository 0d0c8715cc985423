/**
 * The whole kit under load and abuse, for `pnpm bench`: the 200-flow reliability run with faults,
 * and the fuzzing profile at 5,000 cases per target. Prints a Markdown section on stdout.
 */
import { runFuzz } from '../fuzz/run-fuzz.js';
import { outcomeTable, runFlows, startFlowsStack } from '../reliability/run-flows.js';

const FLOWS = 200;
const FUZZ_RUNS = 5_000;

const stack = await startFlowsStack({ seed: 20261121 });
const flows = await runFlows(stack, { flows: FLOWS, seed: 20261121 }).finally(() => stack.close());
const fuzzStart = Date.now();
const fuzz = await runFuzz({ runs: FUZZ_RUNS, seed: 424242 });
const fuzzSeconds = (Date.now() - fuzzStart) / 1000;

console.log(`## Whole kit: reliability and fuzzing

Command: \`pnpm --filter @room-restyler/test bench\`.

### ${FLOWS} concurrent generation flows through the proxy

Simulator faults: 10 % of requests answered 500, 5 % answered 429, 3 % connection resets, 10 % of jobs failed; latency 0.2–1.5 s. Each flow is a visitor with its own cookie; a failed start is retried once as a new user action. Invariants checked by \`test/reliability/flows.test.ts\`: every flow ends in success or a typed error, none hangs, credits spent equal the jobs the simulator accepted, no idempotency key produced two jobs, the proxy stays up.

${outcomeTable(flows)}

### Fuzzing (fast-check, ${FUZZ_RUNS} cases per target, seed 424242)

Property: an answer arrives, it is not a 5xx, every error is JSON \`{ error }\`, the key is in no answer and no log line.

| target | cases | answers |
|---|---|---|
${fuzz
  .map(
    (r) =>
      `| ${r.target} | ${r.cases} | ${Object.entries(r.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')} |`,
  )
  .join('\n')}

${fuzz.reduce((n, r) => n + r.cases, 0)} requests in ${fuzzSeconds.toFixed(1)} s (${Math.round(fuzz.reduce((n, r) => n + r.cases, 0) / fuzzSeconds)} hostile requests/s), none violating the property.
`);
