// `pnpm test`: everything CI runs. It borrows Chromium, redis-server and prometheus from the machine.
// On a fresh Debian/Ubuntu machine run as root it installs the missing ones from Debian's packages (the
// README's quick start is two commands); anywhere else it says how to get them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/** The packages published to npm: each is linted as packed (publint, attw). */
const PUBLISHED = ['core', 'simulator', 'proxy', 'element', 'mcp', 'cli'].map((name) => `packages/${name}`);
/** Debian's packages for what the tests borrow; python3-jsonschema checks the MCP tool schemas as Python clients read them. */
const DEBIAN_PACKAGES = ['chromium', 'redis-server', 'prometheus', 'python3-jsonschema'];

run('pnpm', ['build']);
const { chromium, prometheus, redisServer } = await import('@room-restyler/test-kit/system');
const missingPrograms = () => [chromium(), redisServer(), prometheus()].filter((program) => !program.path);
const pythonJsonSchema = () => spawnSync('python3', ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0;

if ((missingPrograms().length > 0 || !pythonJsonSchema()) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing what the tests borrow from Debian's packages: ${DEBIAN_PACKAGES.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', ...DEBIAN_PACKAGES], { env });
}
// Chromium and redis-server are needed; without prometheus (or Python's jsonschema) their few tests are skipped, saying so.
const missing = missingPrograms().filter((program) => program.name !== 'prometheus');
for (const program of missing)
  console.error(`Missing for the tests: ${program.name}. ${program.installHint}; or set ${program.envVar} to its path.`);
if (missing.length > 0) process.exit(1);

run('pnpm', ['lint']);
run('pnpm', ['check:generated']);
run('pnpm', ['spec:drill']);
run('pnpm', ['lint:package', ...PUBLISHED]);
run('pnpm', ['-r', '--workspace-concurrency=1', 'test']);
