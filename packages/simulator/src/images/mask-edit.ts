/**
 * Edit, inpaint and modify: the masked area (white in the mask), or without a mask a framed area in
 * the middle of the photo, recoloured with a tint drawn from the prompt, and the prompt written in
 * it. Outside the area every pixel stays as it was.
 */
import type { PreparedImage } from './clear-floor.js';
import { boxMask, colourFor, fractionBox, luma, type Mask, maskBounds, outlineBox, paintMasked, type Rgb, writeText } from './pixels.js';

/** How far each pixel moves toward the tint; its lightness stays, so shapes remain visible. */
const TINT = 0.6;

export async function maskEdit(image: PreparedImage, prompt: string, mask?: Mask): Promise<PreparedImage> {
  const marked = fractionBox(image, 0.3, 0.35, 0.4, 0.35);
  const area = mask ?? boxMask(image.width, image.height, [marked]);
  const tint = colourFor(prompt);
  const tintLuma = luma(tint);
  const recoloured = paintMasked(image, area, (rgb) => {
    const shade = luma(rgb) / Math.max(1, tintLuma);
    return rgb.map((v, c) => v * (1 - TINT) + (tint[c] ?? 0) * Math.min(shade, 2) * TINT) as Rgb;
  });
  const bounds = maskBounds(area);
  if (!bounds) return recoloured;
  const written = await writeText(recoloured, prompt, bounds, area);
  return mask ? written : outlineBox(written, marked);
}
