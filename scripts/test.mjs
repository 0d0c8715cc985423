// `pnpm test`: everything CI runs. It borrows Chromium, redis-server and prometheus from the machine.
// On a fresh Debian/Ubuntu machine run as root it installs the missing ones from Debian's packages (the
// README's quick start is two commands); anywhere else it says how to get them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, start } from './run.mjs';

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

// The spec drill (in a scratch copy) and the package lint (of packed tarballs) only read the tree, and
// take minutes of one core: they run beside the test suites, which mostly wait on servers and browsers.
// Their output goes to a file, shown after the suites'.
const asideLog = join(mkdtempSync(join(tmpdir(), 'room-restyler-test-')), 'aside.log');
const aside = openSync(asideLog, 'w');
const asideDone = (async () => {
  for (const args of [['spec:drill'], ['lint:package', ...PUBLISHED]]) {
    const status = await start('pnpm', args, { stdio: ['ignore', aside, aside] });
    if (status !== 0) return status;
  }
  return 0;
})();
const testsStatus = await start('pnpm', ['-r', '--workspace-concurrency=1', 'test']);
const asideStatus = await asideDone;
process.stdout.write(readFileSync(asideLog));
if (testsStatus !== 0 || asideStatus !== 0) process.exit(1);
