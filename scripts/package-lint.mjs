// `node scripts/package-lint.mjs <package dir>…` (`pnpm lint:package`): each package as it would be
// published — packed by pnpm (workspace: ranges resolved, only its `files`) — must pass publint
// (--strict: a warning fails) and Are The Types Wrong for node16 and bundler resolution.
//
// The kit's packages are ESM-only, so attw runs its `esm-only` profile: that skips `node10`
// resolution (which ignores `exports`) and `node16` from a CommonJS importer, where TypeScript
// only allows a dynamic import of an ES module. At run time, require() works on Node ≥ 20.19
// through each entry's `default` condition (require(esm); core's test/require.test.ts proves it).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root, run } from './run.mjs';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/package-lint.mjs <package dir>…');
  process.exit(2);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);

for (const dir of dirs) {
  const out = mkdtempSync(join(tmpdir(), 'package-lint-'));
  run('pnpm', ['pack', '--pack-destination', out], { cwd: resolve(root, dir), stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(out, readdirSync(out).find((file) => file.endsWith('.tgz')) ?? '');
  run(bin('publint'), ['run', tarball, '--strict']);
  run(bin('attw'), [tarball, '--profile', 'esm-only', '--no-emoji', '--no-color']);
  rmSync(out, { recursive: true, force: true });
}
