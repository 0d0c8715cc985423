/** Core stays small for the sites that bundle it: over a budget, this fails (the figures are in BENCHMARKS.md). */
import { describe, expect, it } from 'vitest';
import { BUDGETS, bundle, type Entry } from '../bench/bundles.js';

describe('bundle size budgets (esbuild minify + gzip)', () => {
  it.each(Object.entries(BUDGETS) as Array<[Entry, number]>)('%s is within %i bytes', async (entry, budget) => {
    const measured = await bundle(entry);
    expect(measured.gzipBytes).toBeGreaterThan(1_000);
    expect(measured.gzipBytes).toBeLessThanOrEqual(budget);
  });

  it('the proxy client shares the request path but carries none of what only a key holder needs', async () => {
    const shipped = (await bundle('proxyClient')).inputs.map((input) => input.path.replace(/^(.*\/)?src\//, ''));
    expect(shipped).toEqual(expect.arrayContaining(['call.ts', 'transport.ts', 'retry-policy.ts', 'error-from-response.ts', 'wait.ts']));
    for (const serverOnly of ['attempt-log.ts', 'middleware.ts', 'request-headers.ts', 'base-url.ts', 'generate.ts', 'client.ts'])
      expect(shipped).not.toContain(serverOnly);
    expect((await bundle('proxyClient')).code).not.toContain('[redacted]');
  });

  it('the root entry and the client carry no zod: the schemas have their own entry', async () => {
    for (const entry of ['root', 'client'] as const) {
      const { inputs } = await bundle(entry);
      expect(inputs.filter((input) => input.path.includes('/zod/'))).toEqual([]);
    }
    expect((await bundle('schemas')).inputs.some((input) => input.path.includes('/zod/'))).toBe(true);
  });
});
