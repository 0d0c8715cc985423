import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the public surface', () => {
  it('exports what the README documents, nothing more', async () => {
    const exported = Object.keys(await import('./index.js')).sort();
    expect(exported).toEqual(['DEFAULT_API_KEY', 'DEFAULT_CREDITS', 'SERVICE_LATENCY_MS', 'sampleRoom', 'startSimulator', 'stylePalette']);
    expect(exported.filter((name) => !readme.includes(name))).toEqual([]);
  });
});
