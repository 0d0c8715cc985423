/**
 * Mutation score of core's sources: runs Stryker (stryker.config.mjs: incremental, so only mutants
 * of code or tests changed since the last run are tried again), then reads its JSON report and
 * prints a Markdown section (stdout); `pnpm bench` collects it into BENCHMARKS.md. Stryker's own
 * output goes to stderr. Below the config's `break` threshold Stryker fails, and so does this bench.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The part of Stryker's JSON report (mutation-testing-report-schema) read here. */
interface MutationReport {
  files: Record<string, { mutants: Array<{ status: string; static?: boolean }> }>;
}

/** Where the report is and the score Stryker fails under, as the config says. */
const configUrl = new URL('../stryker.config.mjs', import.meta.url);
const { default: config } = (await import(configUrl.href)) as {
  default: { jsonReporter: { fileName: string }; thresholds: { break: number } };
};

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const startedAt = Date.now();
const run = spawnSync('pnpm', ['exec', 'stryker', 'run'], { cwd: packageDir, stdio: ['ignore', process.stderr, 'inherit'] });
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);

const reportUrl = new URL(config.jsonReporter.fileName, configUrl);
// A report left by an earlier run says nothing about this one.
if ((statSync(reportUrl, { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedAt)
  throw new Error(`Stryker wrote no report in this run (exit status ${run.status}); see its output above`);
const report = JSON.parse(readFileSync(reportUrl, 'utf8')) as MutationReport;

type Mutant = MutationReport['files'][string]['mutants'][number];
type Tally = Record<'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'Equivalent' | 'Static', number>;
/** Ignored mutants are static ones (config's ignoreStatic) or those marked equivalent in the source. */
const tally = (mutants: Mutant[]): Tally => {
  const counts: Tally = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Equivalent: 0, Static: 0 };
  for (const { status, static: isStatic } of mutants) {
    const key = status === 'Ignored' ? (isStatic ? 'Static' : 'Equivalent') : status;
    if (key in counts) counts[key as keyof Tally]++;
  }
  return counts;
};
/** Stryker's mutation score: detected (killed or timed out) over detected and undetected (survived or not covered). */
const score = (t: Tally) => ((t.Killed + t.Timeout) / (t.Killed + t.Timeout + t.Survived + t.NoCoverage)) * 100;

const files = Object.entries(report.files).map(([path, file]) => ({ path, tally: tally(file.mutants) }));
const total = tally(Object.values(report.files).flatMap((file) => file.mutants));
const lowest = files
  .filter(({ tally }) => tally.Survived + tally.NoCoverage > 0)
  .sort((a, b) => score(a.tally) - score(b.tally))
  .slice(0, 5)
  .map(
    ({ path, tally }) =>
      `| \`${path}\` | ${score(tally).toFixed(1)} % | ${tally.Killed + tally.Timeout} | ${tally.Survived + tally.NoCoverage} |`,
  );

console.log(`## Core: mutation testing

Command: \`pnpm --filter @room-restyler/core bench\` (runs \`pnpm --filter @room-restyler/core mutate\`, i.e. Stryker with its Vitest runner on core's unit tests, then reads \`packages/core/${config.jsonReporter.fileName}\`; the HTML report is beside it). Incremental: only mutants of code or tests changed since the last run on this machine are tried again (a first run tries them all: about 15 min on 2 cores). Hand-written sources of \`src/\` only, not the generated types. Threshold: Stryker fails below ${config.thresholds.break} %.

Mutation score: **${score(total).toFixed(1)} %** (${total.Killed} killed, ${total.Timeout} timed out, ${total.Survived} survived, ${total.NoCoverage} without coverage). Not counted: ${total.Equivalent} marked equivalent in the source, each with its reason (\`// Stryker disable next-line\`), and ${total.Static} static mutants (module-level values: the Vitest runner activates them too late to be caught, stryker-mutator/stryker-js#6209; \`ignoreStatic\` in the config). This run took ${minutes} min.

| lowest-scoring files | score | detected | undetected |
|---|---|---|---|
${lowest.join('\n')}
`);
process.exit(run.status ?? 1);
