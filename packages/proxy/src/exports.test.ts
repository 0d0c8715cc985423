/** The public surface: every name an entry point of package.json exports is documented (README or docs/). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const docs = [read('README.md'), ...readdirSync(new URL('docs/', root)).map((name) => read(`docs/${name}`))].join('\n');

const exportsMap = JSON.parse(read('package.json')).exports as Record<string, string | { import: string }>;
const entries = Object.entries(exportsMap).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [[subpath, target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')] as const],
);

/** The names an entry file exports: `export { a, type B } from …`, `export type { C } from …`, `export function d` and the like. */
function exportedNames(source: string): string[] {
  const reexported = [...source.matchAll(/export (?:type )?\{([^}]*)\} from/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean),
  );
  const declared = [...source.matchAll(/^export (?:async )?(?:function|const|class|interface|type) (\w+)/gm)].map(
    (match) => match[1] ?? '',
  );
  return [...reexported, ...declared];
}

describe('public surface', () => {
  it('has the entry points the README shows', () => {
    expect(entries.map(([subpath]) => subpath)).toEqual(['.', './node', './hono', './nextjs', './redis']);
  });

  it.each(entries)('%s (%s) exports only documented names', (_subpath, file) => {
    const names = exportedNames(read(file));
    expect(names.length).toBeGreaterThan(0);
    const undocumented = names.filter((name) => !new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(docs));
    expect(undocumented).toEqual([]);
  });
});
