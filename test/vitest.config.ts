import { defineConfig } from 'vitest/config';

// Whole-kit suites start real servers (simulator, proxy, MCP bin, Chromium): one file at a time.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
