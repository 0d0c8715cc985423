import { defineConfig } from 'vitest/config';

// `pnpm check`: every package's Node-side tests in one run (the browser and whole-kit suites run in `pnpm test`).
export default defineConfig({
  test: {
    // Most files wait on servers and child processes, not the CPU: more workers than cores pays off.
    maxWorkers: 4,
    pool: 'threads',
    projects: [
      'packages/test-kit',
      // Core's and the simulator's files share one module graph per worker (no per-file re-import of
      // core, sharp and the spec): 58 s → 48 s idle. Their own `vitest run` in `pnpm test` isolates each file.
      { extends: 'packages/core/vitest.config.ts', test: { name: '@room-restyler/core', root: 'packages/core', isolate: false } },
      {
        extends: 'packages/simulator/vitest.config.ts',
        test: { name: '@room-restyler/simulator', root: 'packages/simulator', isolate: false },
      },
      'packages/proxy',
      'packages/mcp',
      { test: { name: 'architecture', root: 'test', include: ['architecture/**/*.test.ts'] } },
    ],
  },
});
