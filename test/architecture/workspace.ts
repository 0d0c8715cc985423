/** The workspace as the architecture tests see it: each package's manifest and its source files. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Manifest {
  name: string;
  private?: boolean;
  version?: string;
  license?: string;
  keywords?: string[];
  files?: string[];
  sideEffects?: boolean | string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  exports?: Record<string, unknown>;
}

export interface WorkspacePackage {
  /** `core`, `proxy`, … (the folder under packages/). */
  dir: string;
  manifest: Manifest;
}

export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ dir: entry.name, manifest: JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8')) }));
}

/** Source files of a package that ship (not tests, not test support). */
export function shippedSources(dir: string): Array<{ file: string; text: string }> {
  const src = join(root, 'packages', dir, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !/(^|\/)(test|test-support)\//.test(file))
    .map((file) => ({ file: relative(root, join(src, file)), text: readFileSync(join(src, file), 'utf8') }));
}

/** Every module specifier a source imports or re-exports, static or dynamic. */
export function importsOf(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) found.add(match[1] as string);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.add(match[1] as string);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1] as string);
  return [...found];
}
