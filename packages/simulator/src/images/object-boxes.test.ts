import { beforeAll, describe, expect, it } from 'vitest';
import { difference, whole } from '../test-support/images.js';
import { blurObjects } from './blur-objects.js';
import type { PreparedImage } from './clear-floor.js';
import { objectBoxes } from './object-boxes.js';
import { boxMask } from './pixels.js';
import { removeObjects } from './remove-objects.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';

let room: PreparedImage;
beforeAll(async () => {
  room = await prepareInput(await sampleRoom({ width: 400, height: 300, furnished: true }));
});

/** Mean difference between horizontal neighbours inside a box: detail, which blurring and filling remove. */
function detail(image: PreparedImage, box: ReturnType<typeof objectBoxes>[number]['box']): number {
  const shifted = { ...image, data: image.data.subarray(3) };
  return difference(image, shifted as PreparedImage, { ...box, width: box.width - 1 });
}

describe('objectBoxes', () => {
  it('gives each named object a box of its own in a band below the middle, and one box without names', () => {
    const boxes = objectBoxes(room, ['faces', 'licence plates']);
    expect(boxes.map((b) => b.name)).toEqual(['faces', 'licence plates']);
    const [a, b] = boxes.map((entry) => entry.box);
    expect(a!.left + a!.width).toBeLessThan(b!.left);
    expect(objectBoxes(room, [])).toHaveLength(1);
    expect(objectBoxes(room, ['a', 'b', 'c', 'd', 'e']).map((entry) => entry.name)).toEqual(['a', 'b', 'c', 'd, e']);
  });
});

describe.each([
  ['blurObjects', blurObjects],
  ['removeObjects', removeObjects],
] as const)('%s', (_, treat) => {
  it('takes the detail out of each box and leaves everything outside the boxes as it was', async () => {
    const objects = ['sofa', 'table'];
    const treated = await treat(room, objects);
    const boxes = objectBoxes(room, objects).map((entry) => entry.box);
    // The lower half of each box, inside its frame: the label is written across its top.
    for (const box of boxes) {
      const inner = {
        left: box.left + 4,
        top: box.top + Math.round(box.height / 2),
        width: box.width - 8,
        height: Math.floor(box.height / 2) - 4,
      };
      expect(detail(room, inner)).toBeGreaterThan(1);
      expect(detail(treated, inner)).toBeLessThan(detail(room, inner) * 0.6);
    }
    expect(difference(treated, room, whole(room), { mask: boxMask(room.width, room.height, boxes), masked: false })).toBe(0);
  });
});
