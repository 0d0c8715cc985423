// `pnpm lint`: the OpenAPI specs lint-clean (Redocly; warnings fail too), the tree formatted and lint-clean (Biome),
// every changeset readable by Changesets (Biome leaves them alone: its Markdown formatter breaks the front matter),
// every project type-checked once (`tsc -b`: core's types are rebuilt before anything reads them).
// Every step runs even when one fails, so a spec change shows its spec problems and every file
// the compiler says must follow it in one go.
import { attempt } from './run.mjs';

const failed = [
  attempt('node', ['scripts/lint-specs.mjs']),
  attempt('pnpm', ['exec', 'biome', 'check', '.']),
  attempt('pnpm', ['exec', 'changeset', 'status']),
  attempt('pnpm', ['exec', 'tsc', '-b']),
].some((status) => status !== 0);
if (failed) process.exit(1);
