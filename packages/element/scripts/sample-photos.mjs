// Writes the sample room photos used by the demo listing and the screenshots:
// `node scripts/sample-photos.mjs`. Output is committed, so nothing is fetched at run time.
// The demo also gets smaller copies for its responsive images (`<name>-<width>.jpg`).
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PALETTES, roomSvg } from './room-scene.mjs';

const targets = [
  { dir: new URL('../samples/', import.meta.url), width: 1600, height: 1200, smaller: [] },
  { dir: new URL('../../../demo/public/photos/', import.meta.url), width: 1600, height: 1067, smaller: [192, 480, 800, 1200] },
];

async function write(dir, name, jpeg) {
  const file = new URL(name, dir);
  await writeFile(file, jpeg);
  console.error(`${fileURLToPath(file)}  ${(jpeg.length / 1024).toFixed(0)} kB`);
}

for (const { dir, width, height, smaller } of targets) {
  await mkdir(dir, { recursive: true });
  for (const [name, palette] of Object.entries(PALETTES)) {
    const svg = Buffer.from(roomSvg(width, height, palette));
    await write(dir, `${name}.jpg`, await sharp(svg).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
    for (const w of smaller) {
      const jpeg = await sharp(svg)
        .resize(w)
        .jpeg({ quality: w < 400 ? 72 : 78, mozjpeg: true })
        .toBuffer();
      await write(dir, `${name}-${w}.jpg`, jpeg);
    }
  }
}
