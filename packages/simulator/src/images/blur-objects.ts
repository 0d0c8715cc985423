/** Blur objects: each object's box (object-boxes.ts) blurred beyond recognition. */
import sharp from 'sharp';
import type { PreparedImage } from './clear-floor.js';
import { treatObjects } from './object-boxes.js';
import type { Box } from './pixels.js';

async function blurBox(image: PreparedImage, box: Box): Promise<PreparedImage> {
  const raw = (width: number, height: number) => ({ raw: { width, height, channels: 3 } }) as const;
  const blurred = await sharp(image.data, raw(image.width, image.height))
    .extract(box)
    .blur(Math.max(2, box.height / 6))
    .raw()
    .toBuffer();
  const data = await sharp(image.data, raw(image.width, image.height))
    .composite([{ input: blurred, ...raw(box.width, box.height), left: box.left, top: box.top }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { ...image, data };
}

export const blurObjects = (image: PreparedImage, objects: readonly string[]) => treatObjects(image, objects, 'blurred', blurBox);
