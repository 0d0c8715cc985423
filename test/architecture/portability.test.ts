/**
 * The same code runs in browsers, Node and edge runtimes wherever it is not inherently
 * server-only (DESIGN.md). Every portable entry point is bundled here for the browser, as a site's
 * bundler would: a `node:` module, or a package such as sharp or ioredis, anywhere in its import
 * graph fails the build, and the test names the chain. (Runtime proof on each runtime lives in the
 * portability smoke suite; this catches the import before any runtime is started.)
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.js';

/** Entry points that are Node-only by design; every other export of a published package must bundle for the browser. */
const NODE_ONLY: Record<string, readonly string[] | 'all'> = {
  '@room-restyler/simulator': 'all',
  '@room-restyler/mcp': 'all',
  '@room-restyler/test-kit': 'all',
  '@room-restyler/proxy': ['./node', './redis'],
};

type ExportTarget = string | { import?: string; default?: string };

const entries = workspacePackages().flatMap(({ dir, manifest }) => {
  const nodeOnly = NODE_ONLY[manifest.name] ?? [];
  if (nodeOnly === 'all') return [];
  return Object.entries((manifest.exports ?? {}) as Record<string, ExportTarget>).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (!file?.endsWith('.js') || nodeOnly.includes(subpath)) return [];
    const peers = Object.keys(manifest.peerDependencies ?? {});
    return expand(join(root, 'packages', dir, file)).map((path) => ({
      id: `${manifest.name}${subpath.slice(1)}${file.includes('*') ? ` (${path.split('/').at(-1)})` : ''}`,
      file: path,
      peers,
    }));
  });
});

/** A `*` export stands for every built file that matches it. */
function expand(pattern: string): string[] {
  if (!pattern.includes('*')) return [pattern];
  const dir = dirname(pattern);
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run pnpm build first`);
  const [before = '', after = ''] = pattern.slice(dir.length + 1).split('*');
  return readdirSync(dir)
    .filter((name) => name.startsWith(before) && name.endsWith(after))
    .map((name) => join(dir, name));
}

describe('portable entry points bundle for the browser', () => {
  it('finds the portable entry points of core, the element and the proxy', () => {
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual(
      expect.arrayContaining(['@room-restyler/core', '@room-restyler/element', '@room-restyler/proxy', '@room-restyler/proxy/hono']),
    );
  });

  it.each(entries.map((e) => [e.id, e] as const))('%s', async (_id, entry) => {
    const result = await build({
      entryPoints: [entry.file],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      // Peers (hono, react, …) are the site's own; they need not be portable here.
      external: entry.peers.flatMap((peer) => [peer, `${peer}/*`]),
    }).catch((error: { errors?: Array<{ text: string; location?: { file: string } | null }> }) => error);
    const errors = 'errors' in result ? (result.errors ?? []).map((e) => `${e.location?.file ?? '?'}: ${e.text}`) : [];
    expect(errors).toEqual([]);
  });
});
