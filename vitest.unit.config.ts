import { defineConfig } from 'vitest/config';

// `pnpm check`: every package's Node-side tests in one run (the browser and whole-kit suites run in `pnpm test`).
export default defineConfig({
  test: {
    // Most files wait on servers and child processes, not the CPU: more workers than cores pays off.
    maxWorkers: 4,
    pool: 'threads',
    projects: [
      'packages/test-kit',
      'packages/core',
      'packages/simulator',
      'packages/proxy',
      'packages/mcp',
      { test: { name: 'architecture', root: 'test', include: ['architecture/**/*.test.ts'] } },
    ],
  },
});
