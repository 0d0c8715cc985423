/**
 * The style cards' previews: the sample room staged in a style by the simulator's own treatments,
 * cropped to the card's shape at 2× its CSS size, as a small WebP (scripts/style-previews.ts writes
 * them into the element package).
 */
import sharp from 'sharp';
import type { PreparedImage } from './clear-floor.js';
import { prepareInput, renderOutput } from './render.js';
import { sampleRoom } from './sample-room.js';

export const PREVIEW_SIZE = { width: 224, height: 136 } as const;
// The wall picture, the sofa and the rug of a 1000×750 room, in the card's proportions.
const CROP = { left: 40, top: 180, width: 920, height: 558 };

let room: Promise<PreparedImage> | undefined;

export async function stylePreview(style: string): Promise<Buffer> {
  room ??= sampleRoom({ width: 1000, height: 750, format: 'png' }).then(prepareInput);
  const rendered = await renderOutput(await room, { style, mode: 'staging', roomType: 'living_room', seed: 1, index: 0, mark: false });
  return sharp(rendered).extract(CROP).resize(PREVIEW_SIZE).webp({ quality: 60, effort: 6 }).toBuffer();
}
