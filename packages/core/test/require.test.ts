/**
 * `require()` and `import` both load the built package on Node ≥ 20.19, as an installed dependency
 * of a consumer: CommonJS finds each entry through its `default` condition (require(esm)), and both
 * get the very same module, so there is one set of error classes.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };

const consumer = mkdtempSync(join(tmpdir(), 'core-consumer-'));
mkdirSync(join(consumer, 'node_modules', '@room-restyler'), { recursive: true });
symlinkSync(fileURLToPath(new URL('..', import.meta.url)), join(consumer, 'node_modules', '@room-restyler', 'core'));
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

/** Runs CommonJS `code` in the consumer; what it prints is JSON. */
async function inConsumer(code: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', code], { cwd: consumer });
  return JSON.parse(stdout);
}

const ENTRIES = Object.keys(manifest.exports)
  .filter((entry) => entry !== './package.json')
  .map((entry) => `@room-restyler/core${entry.slice(1)}`);

describe('require() and import of the built package', () => {
  it('require() loads every entry', async () => {
    expect(ENTRIES).toContain('@room-restyler/core/errors');
    const loaded = await inConsumer(`console.log(JSON.stringify(${JSON.stringify(ENTRIES)}.map((e) => typeof require(e))))`);
    expect(loaded).toEqual(ENTRIES.map(() => 'object'));
  });

  it('require() and import give the same module: a thrown error is an instance of either', async () => {
    const result = await inConsumer(`
      const core = require('@room-restyler/core');
      const { InvalidApiKeyError } = require('@room-restyler/core/errors');
      import('@room-restyler/core').then(async (imported) => {
        const client = core.createRoomClient({ baseUrl: 'https://rooms.test', fetch: async () => new Response('{}', { status: 401 }) });
        const error = await client.me().catch((e) => e);
        console.log(JSON.stringify({
          same: imported.createRoomClient === core.createRoomClient,
          name: error.name,
          instance: error instanceof imported.InvalidApiKeyError && error instanceof InvalidApiKeyError,
        }));
      });`);
    expect(result).toEqual({ same: true, name: 'InvalidApiKeyError', instance: true });
  });

  it('every entry has types, import and default conditions', () => {
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (entry === './package.json') continue;
      expect(Object.keys(target), entry).toEqual(['types', 'import', 'default']);
    }
  });
});
