// Fails when the committed generated code differs from what the spec produces now.
// Regenerates in memory and compares, so it cannot race a concurrent `pnpm generate`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { render, root, targets } from './generate-lib.mjs';

let stale = 0;
for (const target of targets) {
  const committed = await readFile(join(root, target.out), 'utf8').catch(() => '');
  if (committed !== (await render(target))) {
    console.error(`stale: ${target.out} does not match ${target.spec}. Run \`pnpm generate\` and commit.`);
    stale++;
  }
}
if (stale) process.exit(1);
console.log(`generated code is up to date (${targets.length} file${targets.length === 1 ? '' : 's'})`);
