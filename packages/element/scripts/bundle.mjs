// Writes the CDN build: the single-file bundle (lit included), dist/cdn/room-restyler.js, and each
// language but English as a module beside it, dist/cdn/translations/<lang>.js.
import { mkdir, writeFile } from 'node:fs/promises';
import { measureBundles, measureTranslations } from './bundles.mjs';

const [{ cdn }, translations] = await Promise.all([measureBundles(), measureTranslations()]);
const dir = new URL('../dist/cdn/', import.meta.url);
await mkdir(new URL('translations/', dir), { recursive: true });
await writeFile(new URL('room-restyler.js', dir), cdn.code);
console.error(`dist/cdn/room-restyler.js  ${cdn.bytes} B, ${cdn.gzip} B gzip`);
for (const [lang, t] of Object.entries(translations)) {
  await writeFile(new URL(`translations/${lang}.js`, dir), t.code);
  console.error(`dist/cdn/translations/${lang}.js  ${t.bytes} B, ${t.gzip} B gzip`);
}
