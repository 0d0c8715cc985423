/**
 * Clear sky: the sky is the run of overcast pixels (bright and nearly grey) or already blue ones
 * from the top edge of each column down, within the upper 60 % of the photo; it is regraded to a
 * blue gradient that keeps a trace of the clouds. Below the sky nothing changes.
 */
import type { PreparedImage } from './clear-floor.js';
import { chroma, luma, type Mask, paintMasked, type Rgb, rgbAt } from './pixels.js';

const SKY_ZONE = 0.6;
const ZENITH: Rgb = [52, 118, 201];
const HORIZON: Rgb = [170, 208, 243];
/** Share of the original pixel kept, so clouds show faintly through the new sky. */
const TRACE = 0.15;

const isOvercast = (rgb: Rgb) => luma(rgb) >= 140 && chroma(rgb) <= 40;
export const isSkyBlue = ([r, g, b]: Rgb) => b >= r + 25 && b >= g && luma([r, g, b]) >= 100;

/** Pixels connected to the top edge, column by column, that pass `test` (no deeper than `maxRows`). */
function topRuns(image: PreparedImage, test: (rgb: Rgb) => boolean, maxRows = image.height): Mask {
  const { width, height } = image;
  const data = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < Math.min(height, maxRows) && test(rgbAt(image, x, y)); y++) data[y * width + x] = 255;
  }
  return { width, height, data };
}

export function clearSky(image: PreparedImage): PreparedImage {
  const zone = Math.round(image.height * SKY_ZONE);
  const sky = topRuns(image, (rgb) => isOvercast(rgb) || isSkyBlue(rgb), zone);
  return paintMasked(image, sky, (rgb, _x, y) => {
    const t = y / zone;
    return ZENITH.map((top, c) => (top * (1 - t) + (HORIZON[c] ?? 0) * t) * (1 - TRACE) + (rgb[c] ?? 0) * TRACE) as Rgb;
  });
}
