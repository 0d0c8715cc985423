/**
 * The MCP server uses only the SDK's public API: a field whose name starts with `_` (McpServer's
 * `_registeredTools`, Protocol's `_requestHandlers`, …) is private and may change in any release.
 * Every TypeScript file of the packages and of these suites that imports the SDK is searched for a read of one. `_meta`
 * is exempt: it is a field of the MCP protocol itself, not of the SDK.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { root } from './workspace.js';

/** The protocol's own underscore field. */
const PROTOCOL_FIELDS = new Set(['_meta']);

/** `x._f`, `x?._f`, `x['_f']`, and the `{ _f: … }` of a cast that reaches into an object's private shape. */
const PRIVATE_READS = [
  /(?:\?\.|\.)\s*(_[A-Za-z]\w*)/g,
  /\[\s*['"`](_[A-Za-z]\w*)['"`]\s*\]/g,
  /\bas\s+(?:unknown\s+as\s+)?\{[^}]*?\b(_[A-Za-z]\w*)\??\s*:/g,
];

function privateFieldReads(text: string): string[] {
  // Comments may name a private field (to say it is not used): only code counts.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found = PRIVATE_READS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
  return [...new Set(found)].filter((name) => !PROTOCOL_FIELDS.has(name));
}

/** Names the fields it looks for, in its own examples. */
const THIS_FILE = fileURLToPath(import.meta.url);

/** TypeScript files under `dir`, not descending into node_modules or build output. */
function* typescriptFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', '.turbo'].includes(entry.name)) yield* typescriptFiles(path);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && path !== THIS_FILE) yield path;
  }
}

const sdkUsers = ['packages', 'test']
  .flatMap((top) => [...typescriptFiles(join(root, top))])
  .map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') }))
  .filter(({ text }) => text.includes('@modelcontextprotocol/'));

describe('only the public API of the MCP SDK', () => {
  it('recognizes the ways a private field is read, and lets the protocol’s _meta pass', () => {
    expect(privateFieldReads('const r = (server as unknown as { _registeredTools: Tools })._registeredTools;')).toEqual([
      '_registeredTools',
    ]);
    expect(privateFieldReads("server.server['_requestHandlers'].get('resources/read')")).toEqual(['_requestHandlers']);
    expect(privateFieldReads('server?._experimental')).toEqual(['_experimental']);
    expect(privateFieldReads('const token = extra._meta?.progressToken; // not server._registeredTools')).toEqual([]);
  });

  it('finds the files that use the SDK', () => {
    expect(sdkUsers.map((u) => u.file)).toContain('packages/mcp/src/server.ts');
  });

  it.each(sdkUsers.map((u) => [u.file, u.text] as const))('%s reads no private SDK field', (_file, text) => {
    expect(privateFieldReads(text)).toEqual([]);
  });
});
