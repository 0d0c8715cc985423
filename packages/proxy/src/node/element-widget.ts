/** The bundle (brotli included), its modules, languages and style previews of the `@room-restyler/element` installed next to the proxy (none → 404). */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import type { WidgetSource } from '../widget/widget-source.js';

const ELEMENT = '@room-restyler/element';
const brotli = promisify(brotliCompress);

/** `resolve` finds a module's file (default: Node's resolution from this package). */
export function elementWidget(resolve: (specifier: string) => string = createRequire(import.meta.url).resolve): WidgetSource {
  return async () => {
    let bundleFile: string;
    let manifestFile: string;
    try {
      bundleFile = resolve(`${ELEMENT}/cdn`);
      manifestFile = resolve(`${ELEMENT}/package.json`);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') return undefined;
      throw error;
    }
    const [code, manifest, previews, translations, modules] = await Promise.all([
      readFile(bundleFile, 'utf8'),
      readFile(manifestFile, 'utf8'),
      Promise.all(STYLE_IDS.map((style) => previewOf(style, new URL(`previews/${style}.webp`, pathToFileURL(manifestFile))))),
      modulesIn(new URL('translations/', pathToFileURL(bundleFile)), /^[a-z-]+\.js$/),
      modulesIn(new URL('room-restyler/', pathToFileURL(bundleFile)), /^[A-Za-z0-9_-]+\.js$/),
    ]);
    // Once per process, so the best (slowest) level is worth it.
    const br = await brotli(code, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    return {
      code,
      version: (JSON.parse(manifest) as { version: string }).version,
      br: new Uint8Array(br),
      previews: new Map(previews.filter((entry) => entry !== undefined)),
      translations,
      modules,
    };
  };
}

/** An element older than the previews has none: its cards keep their drawn swatches. */
async function previewOf(style: string, file: URL): Promise<[string, Uint8Array] | undefined> {
  return unlessMissing(
    readFile(file).then((bytes) => [style, bytes]),
    undefined,
  );
}

/** The modules in `dir` whose file name matches `file`, by name; an element older than them has none (its bundle holds them). */
async function modulesIn(dir: URL, file: RegExp): Promise<Map<string, string>> {
  const files = await unlessMissing(readdir(dir), []);
  const names = files.filter((name) => file.test(name)).map((name) => name.slice(0, -3));
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(new URL(`${name}.js`, dir), 'utf8')] as const)));
}

/** What `read` gives, or `fallback` when the file is not there. */
async function unlessMissing<T, F>(read: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return fallback;
    throw error;
  }
}
