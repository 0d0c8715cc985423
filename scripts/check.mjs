// `pnpm check`: the quick loop before a commit — format and lint, types (incremental), generated
// code, the build (incremental), the architecture rules and the Node-side unit tests of every
// package in one parallel Vitest run. No browser.
import { run } from './run.mjs';

run('pnpm', ['exec', 'biome', 'check', '.']);
run('pnpm', ['build']);
run('pnpm', ['exec', 'tsc', '-b']);
run('pnpm', ['check:generated']);
run('pnpm', ['exec', 'vitest', 'run', '--config', 'vitest.unit.config.ts']);
