// `pnpm lint`: the OpenAPI specs lint-clean (Redocly; warnings fail too), the tree formatted and lint-clean (Biome),
// every project type-checked once (`tsc -b`: core's types are rebuilt before anything reads them).
import { run } from './run.mjs';

run('node', ['scripts/lint-specs.mjs']);
run('pnpm', ['exec', 'biome', 'check', '.']);
run('pnpm', ['exec', 'tsc', '-b']);
