/**
 * Remove objects: each object's box (object-boxes.ts) filled from its surroundings — every pixel
 * blends the colours just outside the box's four sides, weighted by nearness.
 */
import type { PreparedImage } from './clear-floor.js';
import { treatObjects } from './object-boxes.js';
import { type Box, boxMask, paintMasked, type Rgb, rgbAt } from './pixels.js';

function fillBox(image: PreparedImage, box: Box): PreparedImage {
  const right = Math.min(image.width - 1, box.left + box.width);
  const bottom = Math.min(image.height - 1, box.top + box.height);
  const left = Math.max(0, box.left - 1);
  const top = Math.max(0, box.top - 1);
  return paintMasked(image, boxMask(image.width, image.height, [box]), (_, x, y) => {
    const sides: Array<[Rgb, number]> = [
      [rgbAt(image, left, y), 1 / (x - left)],
      [rgbAt(image, right, y), 1 / (right - x)],
      [rgbAt(image, x, top), 1 / (y - top)],
      [rgbAt(image, x, bottom), 1 / (bottom - y)],
    ];
    const total = sides.reduce((sum, [, weight]) => sum + weight, 0);
    return [0, 1, 2].map((c) => sides.reduce((sum, [rgb, weight]) => sum + (rgb[c] ?? 0) * weight, 0) / total) as Rgb;
  });
}

export const removeObjects = (image: PreparedImage, objects: readonly string[]) => treatObjects(image, objects, 'removed', fillBox);
