// The test run needs two programs from Debian's packages (nothing downloads a browser or a server):
// Chromium for the browser tests and redis-server for the multi-instance proxy tests.
// Present → nothing to do; missing and we are root with apt → install them; otherwise say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  { pkg: 'chromium', path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  { pkg: 'redis-server', path: '/usr/bin/redis-server' },
];
const missing = needs.filter((n) => !existsSync(n.path));
if (missing.length === 0) process.exit(0);

const names = missing.map((m) => m.pkg);
if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian packages the tests need: ${names.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
  process.exit(missing.every((m) => existsSync(m.path)) ? 0 : 1);
}
console.error(`Missing for the tests: ${names.join(', ')}. Install them (Debian/Ubuntu: sudo apt-get install ${names.join(' ')}).`);
process.exit(1);
