/** Synthetic photos and pixel comparisons for the treatments' tests. */
import sharp from 'sharp';
import type { PreparedImage } from '../images/clear-floor.js';
import { type Box, type Mask, type Rgb, rgbAt } from '../images/pixels.js';
import { prepareInput } from '../images/render.js';

/** An exterior: an overcast sky with a cloud over a dark house and a lawn. */
export async function overcastExterior(width = 400, height = 300): Promise<PreparedImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none">
    <rect width="400" height="300" fill="#b4b7ba"/><ellipse cx="120" cy="40" rx="70" ry="20" fill="#e2e4e6"/>
    <rect y="200" width="400" height="100" fill="#3f7a35"/><rect x="120" y="120" width="160" height="110" fill="#6b4a3a"/></svg>`;
  return prepareInput(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Mean colour of the pixels in a box, or of those a mask selects inside it. */
export function meanRgb(image: PreparedImage, box: Box, mask?: Mask): Rgb {
  const sum: Rgb = [0, 0, 0];
  let count = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      if (mask && !mask.data[y * image.width + x]) continue;
      rgbAt(image, x, y).forEach((v, c) => {
        sum[c] = (sum[c] ?? 0) + v;
      });
      count++;
    }
  }
  return sum.map((v) => v / Math.max(1, count)) as Rgb;
}

/** Mean absolute difference per channel of two same-sized images inside a box (or where a mask says, or where it does not). */
export function difference(a: PreparedImage, b: PreparedImage, box: Box, where?: { mask: Mask; masked: boolean }): number {
  let sum = 0;
  let count = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      if (where && Boolean(where.mask.data[y * a.width + x]) !== where.masked) continue;
      const [pa, pb] = [rgbAt(a, x, y), rgbAt(b, x, y)];
      for (let c = 0; c < 3; c++) sum += Math.abs((pa[c] ?? 0) - (pb[c] ?? 0));
      count += 3;
    }
  }
  return sum / Math.max(1, count);
}

export const whole = (image: PreparedImage): Box => ({ left: 0, top: 0, width: image.width, height: image.height });
