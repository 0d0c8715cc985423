import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Safety nets only (tests wait for events): a busy machine makes every step slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
