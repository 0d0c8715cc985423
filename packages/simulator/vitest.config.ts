import { defineConfig } from 'vitest/config';

// Tests run real servers and child processes; on a busy machine 5 s (Vitest's default) is too tight.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // They mostly wait on those: three files at a time (Vitest's default, one fewer than the cores, is one on 2 cores).
    maxWorkers: 3,
  },
});
