/**
 * Window view: the window is what is blown out (bright and nearly grey) or sky-blue,
 * in a region large enough to be a window that does not reach the top edge (a ceiling, a sky). Its
 * pixels show a view plate instead: a sky, a skyline drawn by the view type, and the ground, with the
 * horizon placed in the window's box.
 */
import type { PreparedImage } from './clear-floor.js';
import { isSkyBlue } from './clear-sky.js';
import { chroma, colourFor, luma, type Mask, maskBounds, maskWhere, paintMasked, type Rgb, regions } from './pixels.js';

interface Plate {
  sky: [Rgb, Rgb];
  skyline: Rgb;
  ground: Rgb;
  /** Height of the skyline above the horizon at x (0..1 of the box width), in box heights. */
  shape: (x: number) => number;
}

const hills = (x: number) => 0.08 + 0.05 * Math.sin(x * 9) + 0.03 * Math.sin(x * 23);
const PLATES: Record<string, Plate> = {
  mountain: {
    sky: [
      [86, 140, 210],
      [200, 224, 245],
    ],
    skyline: [96, 106, 124],
    ground: [88, 120, 72],
    shape: (x) => 0.35 - 0.6 * Math.abs((x % 0.5) - 0.25),
  },
  beach: {
    sky: [
      [70, 150, 225],
      [190, 228, 250],
    ],
    skyline: [40, 120, 180],
    ground: [228, 206, 160],
    shape: () => 0.02,
  },
  ocean: {
    sky: [
      [60, 130, 215],
      [180, 220, 248],
    ],
    skyline: [30, 90, 160],
    ground: [25, 80, 145],
    shape: () => 0.01,
  },
  city: {
    sky: [
      [110, 150, 200],
      [210, 220, 232],
    ],
    skyline: [70, 76, 88],
    ground: [90, 92, 98],
    shape: (x) => 0.1 + 0.25 * (((Math.floor(x * 14) * 7919) % 10) / 10),
  },
  forest: {
    sky: [
      [100, 160, 215],
      [210, 232, 240],
    ],
    skyline: [34, 80, 44],
    ground: [52, 96, 50],
    shape: (x) => 0.22 + 0.06 * Math.abs(Math.sin(x * 40)),
  },
  garden: {
    sky: [
      [95, 160, 225],
      [215, 236, 250],
    ],
    skyline: [70, 130, 60],
    ground: [96, 160, 80],
    shape: hills,
  },
  sunset: {
    sky: [
      [120, 80, 150],
      [250, 170, 90],
    ],
    skyline: [60, 40, 60],
    ground: [70, 50, 60],
    shape: hills,
  },
};

/** A view type the table does not know still gets a plate of its own colour. */
function plateFor(view: string): Plate {
  const known = PLATES[view.trim().toLowerCase()];
  if (known) return known;
  const hue = colourFor(view);
  return { ...PLATES.garden, skyline: hue, ground: hue.map((v) => v * 0.7) as Rgb } as Plate;
}

const HORIZON = 0.62;
/** A window is at least this share of the photo's width and of its height (the skirting board is not). */
const MIN_EXTENT = 0.05;
const isBlownOut = (rgb: Rgb) => luma(rgb) >= 235 && chroma(rgb) <= 40;
const isWindowLike = (rgb: Rgb) => isBlownOut(rgb) || isSkyBlue(rgb);

/** Window-like regions big enough to be a window, except those reaching the top edge (a ceiling, a sky). */
export function windowMask(image: PreparedImage): Mask {
  const { width, height } = image;
  const { labels, regions: found } = regions(maskWhere(image, isWindowLike));
  const windows = new Set(
    found
      .filter(({ box }) => box.top > 0 && box.width >= MIN_EXTENT * width && box.height >= MIN_EXTENT * height)
      .map((region) => region.label),
  );
  return { width, height, data: Uint8Array.from(labels, (label) => (windows.has(label) ? 255 : 0)) };
}

export function windowView(image: PreparedImage, view: string): PreparedImage {
  const mask = windowMask(image);
  const box = maskBounds(mask);
  if (!box) return image;
  const plate = plateFor(view);
  const mix = (a: Rgb, b: Rgb, t: number) => a.map((v, c) => v * (1 - t) + (b[c] ?? 0) * t) as Rgb;
  return paintMasked(image, mask, (_, x, y) => {
    const u = (x - box.left) / box.width;
    const v = (y - box.top) / box.height;
    if (v >= HORIZON) return plate.ground;
    if (v >= HORIZON - plate.shape(u)) return plate.skyline;
    return mix(plate.sky[0], plate.sky[1], v / HORIZON);
  });
}
