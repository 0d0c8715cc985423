import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    // Safety nets only (tests wait for events): a busy machine makes every step slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for an event too: its 1 s default failed a first-click test at load 11.
    expect: { poll: { timeout: 60_000 } },
    // A promise rejection nobody handles fails the run at once, as it would kill a Node process
    // with default settings: no store outage, reset or shutdown may leave one behind.
    execArgv: ['--unhandled-rejections=strict'],
  },
});
