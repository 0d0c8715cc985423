// `pnpm bench`: runs every package's benchmark and the reliability run, and rewrites BENCHMARKS.md.
// Each benchmark prints its own Markdown section on stdout (logs on stderr); figures are ratios
// against baselines measured in the same run.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benches = [
  '@room-restyler/core',
  '@room-restyler/simulator',
  '@room-restyler/proxy',
  '@room-restyler/element',
  '@room-restyler/demo',
  '@room-restyler/mcp',
  '@room-restyler/cli',
  '@room-restyler/test',
];

const sections = [];
let failed = 0;
for (const name of benches) {
  console.error(`\n▶ ${name}`);
  try {
    const out = execFileSync('pnpm', ['--silent', '--filter', name, 'bench'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      // Core's mutation run tries every mutant when it has no incremental report yet: about 15 min on 2 cores.
      timeout: 30 * 60_000,
    });
    sections.push(out.trim());
    console.error(out.trim());
  } catch (error) {
    failed++;
    sections.push(`## ${name}\n\nThe benchmark failed in this run: ${String(error.message).split('\n')[0]}`);
  }
}

// Figures measured by hand (a profile, the spec drill's count) are kept between these markers.
const BY_HAND = /<!-- measured by hand[^>]*-->[\s\S]*?<!-- \/measured by hand -->\n*/;
const file = new URL('../BENCHMARKS.md', import.meta.url);
const byHand = existsSync(file) ? (BY_HAND.exec(readFileSync(file, 'utf8'))?.[0] ?? '') : '';

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
writeFileSync(
  file,
  `# Benchmarks

Produced by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machine}.
Every figure is measured in the same run as its baseline; compare ratios, not absolute numbers, across machines.

${byHand}${sections.join('\n\n')}
`,
);
console.error(`\nBENCHMARKS.md rewritten (${sections.length} sections${failed ? `, ${failed} failed` : ''}).`);
process.exit(failed ? 1 : 0);
