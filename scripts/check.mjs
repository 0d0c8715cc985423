// `pnpm check`: the quick loop before a commit — format and lint, types (incremental), generated
// code, the build (incremental), the architecture rules and the Node-side unit tests of every
// package in one parallel Vitest run. No browser, no whole processes.
import { run } from './run.mjs';

run('pnpm', ['exec', 'biome', 'check', '.']);
run('pnpm', ['build']);
run('pnpm', ['exec', 'tsc', '-b']);
run('pnpm', ['check:generated']);
// Tests that run whole processes (the bins, Redis killed under two proxies, a proxy killed mid-start,
// the MCP server over stdio, the MCP App in Chromium) took half of this run: they run in `pnpm test`
// (each package's own `vitest run`), so this loop stays about a minute.
const WHOLE_PROCESS_TESTS = [
  '**/src/cli.test.ts',
  '**/src/cli-addresses.test.ts',
  '**/test/chaos.test.ts',
  '**/test/first-click.test.ts',
  '**/test/stdio.test.ts',
  '**/test/app/studio-host.test.ts',
];
run('pnpm', ['exec', 'vitest', 'run', '--config', 'vitest.unit.config.ts', ...WHOLE_PROCESS_TESTS.flatMap((glob) => ['--exclude', glob])]);
