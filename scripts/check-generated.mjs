// Fails when the committed generated code differs from what the spec produces now.
// Regenerates in memory and compares, so it cannot race a concurrent `pnpm generate`. A check that
// passed is remembered (node_modules/.cache) by the hash of everything the output depends on — the
// specs, the generated files, the generator and its options — so an unchanged tree is not rendered again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, targets } from './generate-targets.mjs';

const cache = join(root, 'node_modules/.cache/room-restyler/generated-ok');
const generator = createRequire(import.meta.url).resolve('openapi-typescript/package.json');
const inputs = [
  ...targets.flatMap(({ spec, out }) => [join(root, spec), join(root, out)]),
  join(root, 'scripts/generate-lib.mjs'),
  generator,
];
const hash = createHash('sha256');
for (const file of inputs) hash.update(file).update(await readFile(file, 'utf8').catch(() => ''));
const digest = hash.digest('hex');
if ((await readFile(cache, 'utf8').catch(() => '')) === digest) {
  console.log(`generated code is up to date (${targets.length} files, unchanged since the last check)`);
  process.exit(0);
}

const { render } = await import('./generate-lib.mjs');
let stale = 0;
for (const target of targets) {
  const committed = await readFile(join(root, target.out), 'utf8').catch(() => '');
  if (committed !== (await render(target))) {
    console.error(`stale: ${target.out} does not match ${target.spec}. Run \`pnpm generate\` and commit.`);
    stale++;
  }
}
if (stale) process.exit(1);
await mkdir(join(cache, '..'), { recursive: true });
await writeFile(cache, digest);
console.log(`generated code is up to date (${targets.length} file${targets.length === 1 ? '' : 's'})`);
