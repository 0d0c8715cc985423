/** The route table serves exactly the operations openapi/proxy-api.yaml describes: no more, no fewer. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROUTES } from './table.js';

const spec = parse(readFileSync(new URL('../../../../openapi/proxy-api.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the route table', () => {
  it('has a route for every operation of the spec, and none the spec lacks', () => {
    const documented = Object.entries(spec.paths)
      .flatMap(([path, item]) => METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(documented);
  });
});
