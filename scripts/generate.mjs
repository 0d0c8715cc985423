// `pnpm generate`: regenerate the typed client's types from the OpenAPI spec.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { render, root, targets } from './generate-lib.mjs';

for (const target of targets) {
  const file = join(root, target.out);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await render(target));
  console.log(`generated ${target.out} from ${target.spec}`);
}
