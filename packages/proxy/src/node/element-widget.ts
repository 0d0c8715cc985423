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
      // An element older than the previews has none: its cards keep their drawn swatches.
      filesIn(new URL('previews/', pathToFileURL(manifestFile)), new RegExp(`^(${STYLE_IDS.join('|')})\\.webp$`), (file) => readFile(file)),
      filesIn(new URL('translations/', pathToFileURL(bundleFile)), /^([a-z-]+)\.js$/, readText),
      filesIn(new URL('room-restyler/', pathToFileURL(bundleFile)), /^([A-Za-z0-9_-]+)\.js$/, readText),
    ]);
    // Once per process, so the best (slowest) level is worth it.
    const br = await brotli(code, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    return {
      code,
      version: (JSON.parse(manifest) as { version: string }).version,
      br: new Uint8Array(br),
      previews,
      translations,
      modules,
    };
  };
}

const readText = (file: URL) => readFile(file, 'utf8');

/** The files in `dir` whose name matches `file`, by its first group; an element older than them has none (its bundle holds them). */
async function filesIn<T>(dir: URL, file: RegExp, read: (file: URL) => Promise<T>): Promise<Map<string, T>> {
  const names = await readdir(dir).catch((error: { code?: unknown }) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const found = names.map((name) => file.exec(name)).filter((match) => match !== null);
  return new Map(await Promise.all(found.map(async ([name, key = name]) => [key, await read(new URL(name, dir))] as const)));
}
