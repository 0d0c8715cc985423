// `pnpm test`: everything CI runs. It borrows Chromium and redis-server from the machine and
// installs nothing itself (`.ci/run` does that on CI); when one is missing it says how to get it.
import { run } from './run.mjs';

/** The packages published to npm: each is linted as packed (publint, attw). */
const PUBLISHED = ['core', 'simulator', 'proxy', 'element', 'mcp', 'cli'].map((name) => `packages/${name}`);

run('pnpm', ['build']);
const { chromium, redisServer } = await import('@room-restyler/test-kit/system');
const missing = [chromium(), redisServer()].filter((program) => !program.path);
for (const program of missing)
  console.error(`Missing for the tests: ${program.name}. ${program.installHint}; or set ${program.envVar} to its path.`);
if (missing.length > 0) process.exit(1);

run('pnpm', ['lint']);
run('pnpm', ['check:generated']);
run('pnpm', ['spec:drill']);
run('pnpm', ['lint:package', ...PUBLISHED]);
run('pnpm', ['-r', '--workspace-concurrency=1', 'test']);
