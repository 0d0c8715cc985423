// The MCP App's size, as hosts receive it: dist/app/studio.html (run `pnpm build` first), one file
// with everything inlined, gzip level 9 against its 250 kB budget. Prints the BENCHMARKS.md section
// on stdout (`pnpm bench`); with --check only a summary on stderr. Fails when over budget.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const BUDGET = 250_000;
const html = await readFile(new URL('../dist/app/studio.html', import.meta.url));
const gzip = gzipSync(html, { level: 9 }).length;
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const over = gzip > BUDGET;

if (process.argv.includes('--check')) {
  console.error(`studio.html: ${kB(html.length)}, ${kB(gzip)} gzip (budget ${kB(BUDGET)})${over ? '  OVER BUDGET' : ''}`);
} else {
  console.log(`## @room-restyler/mcp: the MCP App

\`pnpm --filter @room-restyler/mcp bench\` (its second section; alone: \`node scripts/app-size.mjs\` in packages/mcp after \`pnpm build\`) — \`dist/app/studio.html\`, the one self-contained file hosts render (Vite, minified and tree-shaken: the ext-apps \`App\` client, lit, the element's parts), zlib gzip level 9.

| Measure | Value | Budget | Ratio |
|---|---|---|---|
| studio.html, minified | ${kB(html.length)} | | |
| studio.html, min+gzip | ${kB(gzip)} | ≤ ${kB(BUDGET)} | ${((gzip / BUDGET) * 100).toFixed(0)} % of budget |
`);
}
if (over) process.exit(1);
