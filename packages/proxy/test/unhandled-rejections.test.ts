/** The proxy's suites run with --unhandled-rejections=strict (vitest.config.ts), in `pnpm test` and in `pnpm check`. */
import { describe, expect, it } from 'vitest';

describe('the test run', () => {
  it('treats an unhandled promise rejection as an uncaught exception', () => {
    expect(process.execArgv).toContain('--unhandled-rejections=strict');
  });
});
