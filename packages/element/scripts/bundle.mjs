// Writes the CDN build into dist/cdn/: the entry (lit included), room-restyler.js, the modules it
// loads on first use beside it in room-restyler/, and each language but English as a module,
// translations/<lang>.js. The folder is emptied first: a stale chunk must not be published.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { measureBundles, measureTranslations } from './bundles.mjs';

const [{ cdn }, translations] = await Promise.all([measureBundles(), measureTranslations()]);
const dir = new URL('../dist/cdn/', import.meta.url);
await rm(dir, { recursive: true, force: true });
for (const { path, contents } of [cdn, ...Object.values(translations)].flatMap((b) => b.files)) {
  const file = new URL(path, dir);
  await mkdir(new URL('.', file), { recursive: true });
  await writeFile(file, contents);
  console.error(`dist/cdn/${path}  ${contents.length} B, ${gzipSync(contents, { level: 9 }).length} B gzip`);
}
