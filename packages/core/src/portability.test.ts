import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = new URL('.', import.meta.url).pathname;
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(srcDir, f), 'utf8') }));

describe('portability: browsers, Node and edge runtimes', () => {
  it('has sources to check', () => expect(sources.length).toBeGreaterThan(10));

  it.each(sources.map((s) => [s.file, s.text] as const))('%s uses no Node-only module or global', (_file, text) => {
    expect(text).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bBuffer\b/);
  });
});
