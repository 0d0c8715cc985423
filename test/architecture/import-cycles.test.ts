/**
 * No import circle in any package, type imports included: a module's imports (and re-exports) never
 * lead back to it. A circle of types still ties the files into one unit no part of which can be read
 * or moved alone (the proxy's context once imported its route table, closing a 13-file circle).
 * A circle fails here, named file by file.
 */
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, shippedSources, workspacePackages } from './workspace.js';

/** The source file a relative specifier names (`./x.js` → `./x.ts`, `./dir/index.js`), or undefined for a package. */
function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier)).replace(/\.(m?js|jsx)$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => files.has(file));
}

/** Every circle found by a depth-first walk, each as the files from one module back to it. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (done.has(file)) return;
    if (onPath.has(file)) {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    onPath.add(file);
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}

function graphOf(dir: string): Map<string, string[]> {
  const sources = shippedSources(dir);
  const files = new Set(sources.map((source) => source.file));
  return new Map(
    sources.map(({ file, text }) => [file, importsOf(text).flatMap((specifier) => resolveRelative(file, specifier, files) ?? [])]),
  );
}

describe('import cycles', () => {
  it('finds a circle through type imports and re-exports', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('resolves the specifiers the sources write', () => {
    const files = new Set(['packages/x/src/a.ts', 'packages/x/src/jobs/index.ts', 'packages/x/src/view.tsx']);
    expect(resolveRelative('packages/x/src/b.ts', './a.js', files)).toBe('packages/x/src/a.ts');
    expect(resolveRelative('packages/x/src/node/c.ts', '../jobs/index.js', files)).toBe('packages/x/src/jobs/index.ts');
    expect(resolveRelative('packages/x/src/node/c.ts', '../jobs', files)).toBe('packages/x/src/jobs/index.ts');
    expect(resolveRelative('packages/x/src/b.ts', './view.js', files)).toBe('packages/x/src/view.tsx');
    expect(resolveRelative('packages/x/src/b.ts', '@room-restyler/core', files)).toBeUndefined();
  });

  it.each(workspacePackages().map((p) => [p.manifest.name, p.dir] as const))('%s has none', (_name, dir) => {
    expect(importCycles(graphOf(dir)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
