/**
 * Dependencies point one way (DESIGN.md): core ← simulator, proxy, element, mcp. The proxy loads the
 * simulator only for --simulate and reads the element's bundle only to serve it, both optional
 * peers; the element never imports the proxy; the MCP
 * server never imports the element; the CLI loads the simulator only for --simulate. A package that breaks a rule fails here, naming the import.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, shippedSources, workspacePackages } from './workspace.js';

/** For each package, the siblings its shipped code may import. */
const ALLOWED: Record<string, readonly string[]> = {
  '@room-restyler/test-kit': [],
  '@room-restyler/core': [],
  '@room-restyler/simulator': ['@room-restyler/core'],
  '@room-restyler/proxy': ['@room-restyler/core', '@room-restyler/simulator', '@room-restyler/element'],
  '@room-restyler/element': ['@room-restyler/core'],
  '@room-restyler/mcp': ['@room-restyler/core'],
  '@room-restyler/cli': ['@room-restyler/core', '@room-restyler/simulator'],
};
/** Siblings a package may use only as an optional peer (loaded when a feature asks for it). */
const OPTIONAL_ONLY: Record<string, readonly string[]> = {
  '@room-restyler/proxy': ['@room-restyler/simulator', '@room-restyler/element'],
  '@room-restyler/cli': ['@room-restyler/simulator'],
};

const packages = workspacePackages();
const sibling = (specifier: string) => /^@room-restyler\/[^/]+/.exec(specifier)?.[0];

describe('one-way dependencies', () => {
  it('knows every package of the workspace', () => {
    expect(packages.map((p) => p.manifest.name).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(packages.map((p) => [p.manifest.name, p] as const))('%s imports only the siblings it may', (name, { dir }) => {
    const allowed = new Set([name, ...(ALLOWED[name] ?? [])]);
    const wrong = shippedSources(dir).flatMap(({ file, text }) =>
      importsOf(text)
        .filter((specifier) => sibling(specifier) && !allowed.has(sibling(specifier) as string))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it.each(packages.map((p) => [p.manifest.name, p] as const))('%s declares siblings only as the rules allow', (name, { manifest }) => {
    const runtime = Object.keys(manifest.dependencies ?? {}).filter((dep) => dep.startsWith('@room-restyler/'));
    const optional = OPTIONAL_ONLY[name] ?? [];
    expect(runtime.filter((dep) => !(ALLOWED[name] ?? []).includes(dep) || optional.includes(dep))).toEqual([]);
    for (const dep of optional) {
      expect(manifest.peerDependenciesMeta?.[dep]?.optional, `${dep} is an optional peer of ${name}`).toBe(true);
      // A sibling whose own tests use this package (the element's use the proxy) would make a
      // dependency cycle pnpm refuses: peerDependenciesMeta alone declares it then (for pnpm and
      // Yarn an optional peer of any version; npm's flat install resolves it anyway).
      const testsUseUs = packages.some((p) => p.manifest.name === dep && p.manifest.devDependencies?.[name]);
      expect(manifest.peerDependencies?.[dep] !== undefined, `${dep} is in the peerDependencies of ${name}`).toBe(!testsUseUs);
    }
  });

  it('lets no published package depend on the private test kit at run time', () => {
    const leaking = packages.filter((p) => !p.manifest.private && p.manifest.dependencies?.['@room-restyler/test-kit']);
    expect(leaking.map((p) => p.manifest.name)).toEqual([]);
  });
});
