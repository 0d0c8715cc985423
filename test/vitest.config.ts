import { defineConfig } from 'vitest/config';

// Whole-kit suites start real servers (simulator, proxy, MCP bin, Chromium), each on a free port, and
// mostly wait on them: two files at a time (the longest, installed and taps, side by side), not more.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    maxWorkers: 2,
    // Safety nets only (tests wait for events): a busy machine makes every step slow.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // expect.poll waits for an event too (its default gives up after 1 s).
    expect: { poll: { timeout: 60_000 } },
  },
});
