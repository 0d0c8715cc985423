import { defineConfig } from 'vitest/config';

// Whole-kit suites start real servers (simulator, proxy, MCP bin, Chromium): one file at a time.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    fileParallelism: false,
    // Safety nets only (tests wait for events): a busy machine makes every step slow.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // expect.poll waits for an event too (its default gives up after 1 s).
    expect: { poll: { timeout: 60_000 } },
  },
});
