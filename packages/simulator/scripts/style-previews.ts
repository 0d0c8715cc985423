// `pnpm generate` (after the specs): the style cards' previews, committed in packages/element/previews/.
import { mkdir, writeFile } from 'node:fs/promises';
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import { stylePreview } from '../src/images/style-preview.js';

const OUT = new URL('../../element/previews/', import.meta.url);

await mkdir(OUT, { recursive: true });
for (const style of STYLE_IDS) {
  const webp = await stylePreview(style);
  await writeFile(new URL(`${style}.webp`, OUT), webp);
  console.log(`generated packages/element/previews/${style}.webp (${webp.byteLength} B)`);
}
