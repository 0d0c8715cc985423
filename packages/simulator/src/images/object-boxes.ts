/**
 * Where blur-objects and remove-objects act. The simulator cannot find "faces" or "the red car", so
 * it says so: each named object gets a box of its own, side by side across a band below the middle
 * of the photo (where furniture, people and cars tend to be), framed and labelled with its name; without names, one box spans the band.
 */
import type { PreparedImage } from './clear-floor.js';
import { type Box, fractionBox, outlineBox, writeText } from './pixels.js';

const BAND = { left: 0.08, top: 0.55, width: 0.84, height: 0.25 };
/** More names than this share the last box, so each box stays wide enough to read. */
const MAX_BOXES = 4;
const GAP = 0.02;

export function objectBoxes(image: PreparedImage, objects: readonly string[]): Array<{ box: Box; name: string }> {
  const names = objects.map((name) => name.trim()).filter(Boolean);
  const groups = names.length <= MAX_BOXES ? names : [...names.slice(0, MAX_BOXES - 1), names.slice(MAX_BOXES - 1).join(', ')];
  const labels = groups.length > 0 ? groups : ['objects'];
  const width = (BAND.width - GAP * (labels.length - 1)) / labels.length;
  return labels.map((name, i) => ({ name, box: fractionBox(image, BAND.left + i * (width + GAP), BAND.top, width, BAND.height) }));
}

/** Applies `fill` to each object's box, then frames the box and writes the object's name in it. */
export async function treatObjects(
  image: PreparedImage,
  objects: readonly string[],
  label: string,
  fill: (image: PreparedImage, box: Box) => Promise<PreparedImage> | PreparedImage,
): Promise<PreparedImage> {
  let out = image;
  for (const { box, name } of objectBoxes(image, objects)) {
    out = await outlineBox(await fill(out, box), box);
    out = await writeText(out, `${label} ${name}`, box);
  }
  return out;
}
