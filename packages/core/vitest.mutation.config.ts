import { defineConfig } from 'vitest/config';

// Stryker's test run (stryker.config.mjs): the unit tests of src/. The suites in test/ check the
// package as it ships (dist, minified bundles, child processes), which a mutant of src/ never reaches.
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
