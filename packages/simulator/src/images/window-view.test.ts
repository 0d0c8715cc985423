import { beforeAll, describe, expect, it } from 'vitest';
import { difference } from '../test-support/images.js';
import type { PreparedImage } from './clear-floor.js';
import { fractionBox } from './pixels.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';
import { windowMask, windowView } from './window-view.js';

let room: PreparedImage;
beforeAll(async () => {
  room = await prepareInput(await sampleRoom({ width: 400, height: 300 }));
});

// The sample room's window spans x 560–780 and y 140–370 of its 1000×750 drawing.
const glass = (image: PreparedImage) => fractionBox(image, 0.58, 0.21, 0.18, 0.25);

describe('windowView', () => {
  it('finds the window, and not the ceiling or the walls', () => {
    const mask = windowMask(room);
    const share = (box: ReturnType<typeof glass>) => {
      let n = 0;
      for (let y = box.top; y < box.top + box.height; y++)
        for (let x = box.left; x < box.left + box.width; x++) n += mask.data[y * room.width + x] ? 1 : 0;
      return n / (box.width * box.height);
    };
    expect(share(glass(room))).toBeGreaterThan(0.9);
    expect(share(fractionBox(room, 0.2, 0, 0.3, 0.1))).toBe(0);
    expect(share(fractionBox(room, 0.2, 0.15, 0.3, 0.4))).toBe(0);
  });

  it('puts a view in the window and leaves the rest of the room alone', () => {
    const beach = windowView(room, 'beach');
    expect(difference(beach, room, glass(room))).toBeGreaterThan(15);
    expect(difference(beach, room, fractionBox(room, 0, 0, 0.5, 1))).toBe(0);
    expect(difference(beach, room, fractionBox(room, 0, 0.55, 1, 0.45))).toBe(0);
  });

  it('shows a different view for each view type, and one of its own for an unknown type', () => {
    const views = ['mountain', 'beach', 'city', 'forest', 'garden', 'volcano'].map((view) => windowView(room, view));
    for (const [i, a] of views.entries()) {
      for (const b of views.slice(i + 1)) expect(difference(a, b, glass(room))).toBeGreaterThan(8);
    }
  });
});
