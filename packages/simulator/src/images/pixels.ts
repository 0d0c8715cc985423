/**
 * What the operation treatments share: boxes and masks on a raw RGB photo, painting under a mask,
 * and text drawn with the pixel font (an SVG composited by sharp, kept under a mask when given).
 */
import sharp from 'sharp';
import { hash32 } from '../random/prng.js';
import type { PreparedImage } from './clear-floor.js';
import { hexToRgb, hsl } from './color.js';
import { textHeight, textToSvgRects, toDrawableText } from './pixel-font.js';
import { ImageInputError } from './render.js';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One byte per pixel of an image: non-zero where a treatment applies. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Rgb = [number, number, number];

export const luma = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** Spread of the channels: 0 for greys, large for vivid colours. */
export const chroma = ([r, g, b]: Rgb) => Math.max(r, g, b) - Math.min(r, g, b);

export const rgbAt = ({ data, width }: PreparedImage, x: number, y: number): Rgb => {
  const i = (y * width + x) * 3;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
};

/** A stable, clearly coloured tint for a text (a prompt, a view type). */
export function colourFor(text: string): Rgb {
  const { r, g, b } = hexToRgb(hsl(hash32('colour', text.trim().toLowerCase()) % 360, 0.65, 0.5));
  return [r, g, b];
}

const clampByte = (v: number) => Math.round(Math.min(255, Math.max(0, v)));

/** A box given in fractions of the image's width and height, in whole pixels. */
export function fractionBox(image: { width: number; height: number }, left: number, top: number, width: number, height: number): Box {
  const x = Math.round(left * image.width);
  const y = Math.round(top * image.height);
  return { left: x, top: y, width: Math.round((left + width) * image.width) - x, height: Math.round((top + height) * image.height) - y };
}

/** The pixels that pass `test`. */
export function maskWhere(image: PreparedImage, test: (rgb: Rgb) => boolean): Mask {
  const { width, height } = image;
  return {
    width,
    height,
    data: Uint8Array.from({ length: width * height }, (_, i) => (test(rgbAt(image, i % width, Math.floor(i / width))) ? 255 : 0)),
  };
}

export function boxMask(width: number, height: number, boxes: readonly Box[]): Mask {
  const data = new Uint8Array(width * height);
  for (const box of boxes) {
    for (let y = Math.max(0, box.top); y < Math.min(height, box.top + box.height); y++) {
      data.fill(255, y * width + Math.max(0, box.left), y * width + Math.min(width, box.left + box.width));
    }
  }
  return { width, height, data };
}

/** The smallest box holding every masked pixel; undefined for an empty mask. */
export function maskBounds({ width, height, data }: Mask): Box | undefined {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!data[y * width + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

export interface Region {
  /** Numbered from 1, as in `labels`. */
  label: number;
  box: Box;
  size: number;
}

/** Connected parts (4-neighbour) of a mask: each pixel's region label (0 outside the mask) and each region's box and size. */
export function regions({ width, height, data }: Mask): { labels: Int32Array; regions: Region[] } {
  const labels = new Int32Array(width * height);
  const found: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (!data[start] || labels[start]) continue;
    const label = found.length + 1;
    const extent = { left: width, top: height, right: 0, bottom: 0, size: 0 };
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      const x = i % width;
      const y = Math.floor(i / width);
      extent.left = Math.min(extent.left, x);
      extent.right = Math.max(extent.right, x);
      extent.top = Math.min(extent.top, y);
      extent.bottom = Math.max(extent.bottom, y);
      extent.size++;
      for (const [n, inside] of [
        [i - 1, x > 0],
        [i + 1, x < width - 1],
        [i - width, y > 0],
        [i + width, y < height - 1],
      ] as const) {
        if (inside && data[n] && !labels[n]) {
          labels[n] = label;
          stack.push(n);
        }
      }
    }
    const { left, top, right, bottom, size } = extent;
    found.push({ label, box: { left, top, width: right - left + 1, height: bottom - top + 1 }, size });
  }
  return { labels, regions: found };
}

/** A copy of the image with `paint` applied to each masked pixel (every pixel without a mask). */
export function paintMasked(image: PreparedImage, mask: Mask | undefined, paint: (rgb: Rgb, x: number, y: number) => Rgb): PreparedImage {
  const data = Buffer.from(image.data);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (mask && !mask.data[y * image.width + x]) continue;
      const i = (y * image.width + x) * 3;
      const out = paint(rgbAt(image, x, y), x, y);
      for (let c = 0; c < 3; c++) data[i + c] = clampByte(out[c] ?? 0);
    }
  }
  return { ...image, data };
}

const raw = (image: PreparedImage) => ({ raw: { width: image.width, height: image.height, channels: 3 } }) as const;

/** Lays an SVG over the image at (left, top); with `within`, only masked pixels take it. */
export async function overlaySvg(image: PreparedImage, svg: string, left: number, top: number, within?: Mask): Promise<PreparedImage> {
  const data = await sharp(image.data, raw(image))
    .composite([{ input: Buffer.from(svg), left, top }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const drawn = { ...image, data };
  return within ? paintMasked(image, within, (_, x, y) => rgbAt(drawn, x, y)) : drawn;
}

/** Font pixel size for captions: larger than the mark's, still small beside the photo. */
const captionScale = (image: PreparedImage) => Math.max(1, Math.round(Math.max(image.width, image.height) / 400));

/** Words wrapped into lines of at most `columns` drawable characters; a word longer than a line is cut. */
function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  for (const word of toDrawableText(text).split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= columns) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.slice(0, columns));
  }
  return lines;
}

/**
 * Writes text, wrapped, in light letters on a dark plate inside the box (the lines that fit); with
 * `within`, only on masked pixels.
 */
export async function writeText(image: PreparedImage, text: string, box: Box, within?: Mask): Promise<PreparedImage> {
  const scale = captionScale(image);
  const pad = 3 * scale;
  const lineHeight = textHeight(scale) + 2 * scale;
  const columns = Math.floor((box.width - 2 * pad + scale) / (6 * scale));
  const rows = Math.floor((box.height - 2 * pad + 2 * scale) / lineHeight);
  const lines = columns > 0 ? wrapText(text, columns).slice(0, Math.max(0, rows)) : [];
  if (lines.length === 0) return image;
  const width = Math.min(box.width, Math.max(...lines.map((line) => line.length)) * 6 * scale - scale + 2 * pad);
  const height = lines.length * lineHeight - 2 * scale + 2 * pad;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#000000" fill-opacity="0.65"/>
    ${lines.map((line, i) => textToSvgRects(line, pad, pad + i * lineHeight, scale, '#ffffff')).join('')}</svg>`;
  return overlaySvg(image, svg, box.left, box.top, within);
}

/** A dashed frame just inside the box: where a simulated edit happened. */
export function outlineBox(image: PreparedImage, box: Box): Promise<PreparedImage> {
  const stroke = captionScale(image);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}">
    <rect x="${stroke / 2}" y="${stroke / 2}" width="${box.width - stroke}" height="${box.height - stroke}" fill="none"
      stroke="#ffd400" stroke-width="${stroke}" stroke-dasharray="${4 * stroke} ${3 * stroke}"/></svg>`;
  return overlaySvg(image, svg, box.left, box.top);
}

/** A mask image (white = edit) fitted to the photo's size, thresholded at mid-grey. */
export async function prepareMask(input: Uint8Array, width: number, height: number): Promise<Mask> {
  try {
    const data = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .flatten({ background: '#000000' })
      .greyscale()
      .resize({ width, height, fit: 'fill', kernel: 'nearest' })
      .raw()
      .toBuffer();
    return { width, height, data: data.map((v) => (v >= 128 ? 255 : 0)) };
  } catch {
    throw new ImageInputError('mask_url did not return a decodable image');
  }
}
