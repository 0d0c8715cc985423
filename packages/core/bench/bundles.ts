/**
 * Core as a site's bundler ships it: each entry built in memory from the sources with esbuild
 * (`minify: true`) and gzipped. Used by the size benchmark (figures), the size budget test
 * (fails when over) and the error-name test (which needs the minified code itself).
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Platform } from 'esbuild';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** What each measured bundle imports: the whole root entry, each client alone, the schemas entry. */
export const ENTRIES = {
  root: "export * from './index.ts';",
  client: "export { createRoomClient } from './client.ts';",
  proxyClient: "export { createProxyClient } from './proxy-client.ts';",
  schemas: "export * from './schemas.ts';",
} as const;

export type Entry = keyof typeof ENTRIES;

/** min+gzip bytes an entry may weigh; the schemas carry zod and are measured, not budgeted. */
export const BUDGETS: Partial<Record<Entry, number>> = { root: 25_000, client: 7_000 };

export interface Bundle {
  code: string;
  bytes: number;
  gzipBytes: number;
  /** The inputs that made it into the bundle, largest first, with their minified bytes. */
  inputs: Array<{ path: string; bytes: number }>;
}

export interface BundleOptions {
  format?: 'esm' | 'iife';
  platform?: Platform;
}

/** One of the measured entries, minified. */
export function bundle(entry: Entry, options: BundleOptions = {}): Promise<Bundle> {
  return bundleSource(ENTRIES[entry], options);
}

/** Any module text importing from `src/`, bundled and minified (an `iife` bundle sets the global `core`). */
export async function bundleSource(contents: string, options: BundleOptions = {}): Promise<Bundle> {
  const result = await build({
    stdin: { contents, resolveDir: src, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    format: options.format ?? 'esm',
    platform: options.platform ?? 'browser',
    ...(options.format === 'iife' ? { globalName: 'core' } : {}),
    minify: true,
    target: 'es2022',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0]!;
  const [meta] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(meta?.inputs ?? {})
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { code: output.text, bytes: output.contents.length, gzipBytes: gzipSync(output.contents, { level: 9 }).length, inputs };
}
