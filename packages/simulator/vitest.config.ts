import { defineConfig } from 'vitest/config';

// Tests run real servers and child processes; on a busy machine 5 s (Vitest's default) is too tight.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } });
