/** elementWidget(): the bundle and version of the installed element, or none when it is not installed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { elementWidget } from './element-widget.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A project folder with `node_modules/@room-restyler/element` laid out as npm installs it (without its languages and modules: an older element). */
function project({ translations = false, modules = false } = {}): (specifier: string) => string {
  dir = mkdtempSync(join(tmpdir(), 'element-widget-'));
  const element = join(dir, 'node_modules/@room-restyler/element');
  mkdirSync(join(element, 'dist/cdn'), { recursive: true });
  writeFileSync(
    join(element, 'package.json'),
    JSON.stringify({
      name: '@room-restyler/element',
      version: '4.5.6',
      type: 'module',
      exports: {
        './cdn': { import: './dist/cdn/room-restyler.js', default: './dist/cdn/room-restyler.js' },
        './package.json': './package.json',
      },
    }),
  );
  writeFileSync(join(element, 'dist/cdn/room-restyler.js'), 'export const bundled = true;\n');
  if (translations) {
    mkdirSync(join(element, 'dist/cdn/translations'));
    writeFileSync(join(element, 'dist/cdn/translations/de.js'), 'import "../room-restyler.js"; // de\n');
    writeFileSync(join(element, 'dist/cdn/translations/de.js.map'), '{}');
  }
  if (modules) {
    mkdirSync(join(element, 'dist/cdn/room-restyler'));
    writeFileSync(join(element, 'dist/cdn/room-restyler/operations-XY12ZW34.js'), 'export const operations = true;\n');
    writeFileSync(join(element, 'dist/cdn/room-restyler/operations-XY12ZW34.js.map'), '{}');
  }
  mkdirSync(join(element, 'previews'));
  writeFileSync(join(element, 'previews/japandi.webp'), 'RIFF japandi');
  writeFileSync(join(element, 'previews/not-a-style.webp'), 'RIFF other');
  return createRequire(join(dir, 'index.js')).resolve;
}

it('reads the bundle the element exports as ./cdn, with the element’s version', async () => {
  const bundle = await elementWidget(project())();
  expect(bundle).toMatchObject({ code: 'export const bundled = true;\n', version: '4.5.6' });
  // Compressed once, here, with brotli (the proxy adds gzip).
  expect(brotliDecompressSync(bundle?.br as Uint8Array).toString()).toBe('export const bundled = true;\n');
});

it('reads the previews of the known styles the element ships, and only those', async () => {
  const previews = (await elementWidget(project())())?.previews;
  expect([...(previews?.keys() ?? [])]).toEqual(['japandi']);
  expect(Buffer.from(previews?.get('japandi') ?? []).toString()).toBe('RIFF japandi');
});

it('reads the language modules beside the bundle, and none from an element without them', async () => {
  const translations = (await elementWidget(project({ translations: true }))())?.translations;
  expect(Object.fromEntries(translations ?? [])).toEqual({ de: 'import "../room-restyler.js"; // de\n' });
  expect((await elementWidget(project())())?.translations?.size).toBe(0);
});

it('reads the modules the bundle loads on first use from the folder beside it, and none from an element without them', async () => {
  const modules = (await elementWidget(project({ modules: true }))())?.modules;
  expect(Object.fromEntries(modules ?? [])).toEqual({ 'operations-XY12ZW34': 'export const operations = true;\n' });
  expect((await elementWidget(project())())?.modules?.size).toBe(0);
});

it('finds nothing when the element is not installed', async () => {
  // Node's own refusal, as the proxy gets it (pnpm's NODE_PATH would find the workspace's element from any folder).
  const notInstalled = (specifier: string): string => {
    throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
  };
  expect(await elementWidget(notInstalled)()).toBeUndefined();
});

it('lets other failures through', async () => {
  const broken = (): string => {
    throw Object.assign(new Error('Invalid package config'), { code: 'ERR_INVALID_PACKAGE_CONFIG' });
  };
  await expect(elementWidget(broken)()).rejects.toThrow('Invalid package config');
});
