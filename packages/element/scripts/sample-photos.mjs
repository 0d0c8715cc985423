// Writes the sample room photos used by the demo listing and the screenshots:
// `node scripts/sample-photos.mjs`. Output is committed, so nothing is fetched at run time.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PALETTES, roomSvg } from './room-scene.mjs';

const targets = [
  { dir: new URL('../samples/', import.meta.url), width: 1600, height: 1200 },
  { dir: new URL('../../../demo/public/photos/', import.meta.url), width: 1600, height: 1067 },
];

for (const { dir, width, height } of targets) {
  await mkdir(dir, { recursive: true });
  for (const [name, palette] of Object.entries(PALETTES)) {
    const jpeg = await sharp(Buffer.from(roomSvg(width, height, palette)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    const file = new URL(`${name}.jpg`, dir);
    await writeFile(file, jpeg);
    console.error(`${fileURLToPath(file)}  ${(jpeg.length / 1024).toFixed(0)} kB`);
  }
}
