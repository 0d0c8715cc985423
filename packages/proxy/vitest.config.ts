import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    // Two shared cores: keep the suite light.
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
