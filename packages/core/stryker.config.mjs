// Mutation testing of core's sources (Stryker + its Vitest runner): `pnpm --filter @room-restyler/core mutate`,
// or `pnpm bench`, which reports the score in BENCHMARKS.md (bench/mutation.bench.ts).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Named by location: under pnpm, Stryker cannot find its plugins beside itself.
  plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level values) are not counted: the Vitest runner activates them after the
  // module has loaded, so tests that do catch them (e.g. a method dropped from SAFE_METHODS) report
  // them as survived (stryker-mutator/stryker-js#6144, #6209). Those values are tested all the same.
  ignoreStatic: true,
  // Hand-written sources only: not the generated types, the tests, nor the benchmarks.
  mutate: ['src/**/*.ts', '!src/generated/**', '!src/**/*.test.ts', '!src/**/*.test-d.ts'],
  ignorePatterns: ['dist', 'reports', 'test'],
  // Only mutants of changed code (or of code whose tests changed) run again; the rest come from the last run.
  // A change to this file is not seen that way: run `pnpm --filter @room-restyler/core mutate --force` then.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // Below 85 % the run fails.
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['progress', 'clear-text', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
