// `pnpm lint`: the OpenAPI specs lint-clean (Redocly), the tree formatted and lint-clean (Biome),
// every project type-checked once (`tsc -b`: core's types are rebuilt before anything reads them).
import { run } from './run.mjs';

run('pnpm', ['exec', 'redocly', 'lint', '--format', 'stylish', 'openapi/room-api.yaml', 'openapi/proxy-api.yaml']);
run('pnpm', ['exec', 'biome', 'check', '.']);
run('pnpm', ['exec', 'tsc', '-b']);
