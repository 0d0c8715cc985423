/**
 * Every public package can be published as it is: the metadata npm shows and resolves, and the
 * repository's LICENSE in the tarball. (What the tarball holds and how it installs is proven by
 * test/installed; publint and attw run on each packed package in `pnpm test`.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.js';

const published = workspacePackages().filter((p) => !p.manifest.private);
const license = readFileSync(join(root, 'LICENSE'), 'utf8');

describe.each(published.map((p) => [p.manifest.name, p] as const))('%s is publishable', (_name, { dir, manifest }) => {
  const file = (name: string) => join(root, 'packages', dir, name);

  it('says what it is, where it comes from and what it runs on', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      type: 'module',
      repository: { type: 'git', directory: `packages/${dir}` },
      engines: { node: '>=20.19' },
    });
    expect(manifest.keywords?.length).toBeGreaterThan(0);
    expect(manifest.sideEffects).toBeDefined();
  });

  it('ships its README, CHANGELOG and the repository LICENSE', () => {
    expect(manifest.files).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'LICENSE']));
    expect(existsSync(file('README.md'))).toBe(true);
    expect(readFileSync(file('CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^# ${manifest.name}\\n`));
    // One copy per package (npm packs nothing from outside the package), kept identical to the root's.
    expect(readFileSync(file('LICENSE'), 'utf8')).toBe(license);
  });

  it('gives every entry point types, import and default', () => {
    const entries = Object.entries(manifest.exports ?? {}).filter(([subpath]) => !subpath.endsWith('.json'));
    for (const [subpath, target] of entries)
      expect(Object.keys(target as object), `${manifest.name} exports ${subpath}`).toEqual(['types', 'import', 'default']);
  });
});
