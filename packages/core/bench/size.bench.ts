/**
 * Bundle sizes of core's entries against their budgets: each bundled from the sources as a site's
 * bundler ships it (esbuild, `minify: true`) and gzipped. Prints a Markdown section (stdout);
 * `pnpm bench` collects it into BENCHMARKS.md. The budgets are enforced by test/size-budget.test.ts.
 */
import { BUDGETS, bundle, type Entry } from './bundles.js';

const ROWS: Array<{ entry: Entry; what: string }> = [
  { entry: 'root', what: 'the whole root entry, `import * as core from "@room-restyler/core"`' },
  { entry: 'client', what: '`createRoomClient` alone (retries, waits, errors, logger, middleware)' },
  { entry: 'proxyClient', what: '`createProxyClient` alone (what the element ships: the same request path, no key, logger or middleware)' },
  { entry: 'schemas', what: '`@room-restyler/core/schemas` (the zod input schemas, zod included)' },
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rows: string[] = [];
for (const { entry, what } of ROWS) {
  const measured = await bundle(entry);
  const budget = BUDGETS[entry];
  const share = budget === undefined ? '—' : `${kB(budget)} (${Math.round((measured.gzipBytes / budget) * 100)} %)`;
  rows.push(`| ${what} | ${kB(measured.bytes)} | ${kB(measured.gzipBytes)} | ${share} |`);
}

console.log(`## Core: bundle sizes

Command: \`pnpm --filter @room-restyler/core bench\`. Each entry bundled from the sources by esbuild (\`minify: true\`, ES2022, browser platform, no external package), gzip level 9. Budgets (checked in \`pnpm test\`): root entry ≤ 25 kB and client alone ≤ 7 kB min+gzip; the schemas entry is measured, not budgeted.

| entry | minified | min+gzip | budget (share) |
|---|---|---|---|
${rows.join('\n')}
`);
