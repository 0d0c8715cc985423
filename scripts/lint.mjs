// `pnpm lint`: the OpenAPI specs must be lint-clean, and every package must type-check strictly.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args, cwd = root) => {
  console.log(`$ ${[cmd, ...args].join(' ')}${cwd === root ? '' : `   (in ${cwd.slice(root.length)})`}`);
  execFileSync(cmd, args, { cwd, stdio: 'inherit' });
};

const specs = readdirSync(join(root, 'openapi'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => `openapi/${f}`);
run('pnpm', ['exec', 'redocly', 'lint', '--format', 'stylish', ...specs]);

for (const dir of ['packages/core', 'packages/simulator', 'packages/proxy', 'packages/element', 'packages/mcp', 'test']) {
  const cwd = join(root, dir);
  if (existsSync(join(cwd, 'tsconfig.json'))) run('pnpm', ['exec', 'tsc', '-p', 'tsconfig.json'], cwd);
}
