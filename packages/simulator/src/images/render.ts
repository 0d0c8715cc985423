/**
 * Turns an input photo into a simulated generation: decode once (prepareInput), then per output
 * clear the floor in empty-room mode, regrade by style, stage furniture in staging mode, darken
 * the corners and stamp the mark. Everything derives from (input, style, mode, room type, seed,
 * index), so it is reproducible.
 */
import type { Mode } from '@room-restyler/core';
import sharp from 'sharp';
import { createRng, hash32 } from '../random/prng.js';
import { clearFloor, type PreparedImage } from './clear-floor.js';
import { hexToRgb } from './color.js';
import { gradeMatrix } from './color-matrix.js';
import { markOverlay, vignetteSvg } from './mark.js';
import { stagingOverlaySvg } from './staging-overlay.js';
import { treatmentFor } from './style-treatments.js';

export const MAX_LONG_EDGE = 2048;
export const MIN_EDGE = 64;
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/** The input photo cannot be used; its message is safe to show as the job's `error`. */
export class ImageInputError extends Error {
  override name = 'ImageInputError';
}

export interface RenderRequest {
  style: string;
  /** `staging` adds furniture, `empty-room` removes it, `restyle` only regrades. */
  mode: Mode;
  roomType?: string;
  seed: number;
  /** Which output of the job this is; outputs of one job differ slightly. */
  index: number;
  /** `false` leaves out the "SIMULATED" badge (the style cards' previews, too small to read it). */
  mark?: false;
}

/** Decodes, orients and downsizes the photo to at most MAX_LONG_EDGE, as raw sRGB. */
export async function prepareInput(input: Uint8Array): Promise<PreparedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new ImageInputError('image_url did not return a decodable image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageInputError('image_url must be a JPEG, PNG, WebP, GIF, AVIF, TIFF or HEIF image');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_LONG_EDGE, height: MAX_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width < MIN_EDGE || info.height < MIN_EDGE) {
      throw new ImageInputError(`image_url is too small (at least ${MIN_EDGE}x${MIN_EDGE} pixels)`);
    }
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ImageInputError) throw error;
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new ImageInputError(tooLarge ? 'image_url is larger than 40 megapixels' : 'image_url did not return a decodable image');
  }
}

/** One output JPEG. */
export async function renderOutput(image: PreparedImage, request: RenderRequest): Promise<Buffer> {
  const { width, height } = image;
  const raw = { width, height, channels: 3 } as const;
  const source = request.mode === 'empty-room' ? clearFloor(image) : image;
  const treatment = treatmentFor(request.style);
  const rng = createRng(hash32(request.seed, request.style, request.mode, request.roomType ?? '', request.index));
  const hueJitter = Math.round((rng() - 0.5) * 8);
  const shift = rng() * 2 - 1;

  // Tone first (sharp applies linear after composites, so overlays go in a second pass).
  const gains = treatment.balance.map((gain) => gain * treatment.brightness);
  const graded = await sharp(source.data, { raw })
    .recomb(gradeMatrix(treatment.saturation, treatment.hue + hueJitter))
    .linear(
      gains.map((gain) => gain * treatment.contrast),
      gains.map((gain) => gain * 128 * (1 - treatment.contrast) + treatment.lift),
    )
    .raw()
    .toBuffer();

  const layers: sharp.OverlayOptions[] = [
    {
      input: { create: { width, height, channels: 4, background: { ...hexToRgb(treatment.wash.color), alpha: treatment.wash.opacity } } },
      blend: treatment.wash.blend,
    },
  ];
  if (request.mode === 'staging') layers.push({ input: Buffer.from(stagingOverlaySvg(width, height, treatment, request.roomType, shift)) });
  if (treatment.vignette > 0) layers.push({ input: Buffer.from(vignetteSvg(width, height, treatment.vignette)) });
  if (request.mark !== false) layers.push(markLayer(width, height, request.style, treatment.palette));

  return sharp(graded, { raw }).composite(layers).jpeg({ quality: 85 }).toBuffer();
}

function markLayer(width: number, height: number, label: string, palette: readonly string[]): sharp.OverlayOptions {
  const mark = markOverlay(width, height, label, palette);
  return { input: Buffer.from(mark.svg), left: mark.left, top: mark.top };
}

/** An operation's treated photo as an output JPEG, marked "SIMULATED · <label>". */
export function encodeSimulated(image: PreparedImage, label: string): Promise<Buffer> {
  const { width, height } = image;
  return sharp(image.data, { raw: { width, height, channels: 3 } })
    .composite([markLayer(width, height, label, [])])
    .jpeg({ quality: 85 })
    .toBuffer();
}
