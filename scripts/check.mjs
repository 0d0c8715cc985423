// `pnpm check`: the quick loop before a commit — format and lint, types (incremental), generated
// code, the build (incremental), the architecture rules and the Node-side unit tests of every
// package in one parallel Vitest run. No browser, no whole processes.
import { run } from './run.mjs';

run('pnpm', ['exec', 'biome', 'check', '.']);
run('pnpm', ['build']);
run('pnpm', ['exec', 'tsc', '-b']);
run('pnpm', ['check:generated']);
// Tests that run whole processes (the bins, --check, Redis killed under two proxies, a proxy killed
// mid-start, the MCP server over stdio, the MCP App in Chromium, a child under GC pressure), real
// Redis, or thousands of requests took two thirds of this run: they run in `pnpm test` (each
// package's own `vitest run`), so this loop takes about 50 s on an idle 2-core machine (it was 120 s).
const SLOW_TESTS = [
  // whole processes
  '**/src/cli.test.ts',
  '**/src/cli-addresses.test.ts',
  '**/src/check/check.test.ts',
  '**/test/check.test.ts',
  '**/src/node/refusals.test.ts',
  '**/src/node/optional-peer.test.ts',
  '**/src/upstream/hung-upstream.test.ts',
  '**/test/hung-calls.test.ts',
  '**/test/chaos.test.ts',
  '**/test/first-click.test.ts',
  '**/test/stdio.test.ts',
  '**/test/without-native-sharp.test.ts',
  '**/test/bundle.test.ts',
  '**/test/compile-cache.test.ts',
  '**/test/app/studio-host.test.ts',
  // real Redis, or thousands of requests (or sessions)
  '**/test/session-soak.test.ts',
  '**/src/state/two-instances.test.ts',
  '**/src/request-log.test.ts',
  '**/src/simulator.faults.test.ts',
];
run('pnpm', ['exec', 'vitest', 'run', '--config', 'vitest.unit.config.ts', ...SLOW_TESTS.flatMap((glob) => ['--exclude', glob])]);
