import { defineConfig } from 'vitest/config';

// Safety nets only (tests wait for events): a busy machine makes every step slow.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } });
