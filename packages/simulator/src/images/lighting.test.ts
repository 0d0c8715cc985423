import { beforeAll, describe, expect, it } from 'vitest';
import { meanRgb, whole } from '../test-support/images.js';
import type { PreparedImage } from './clear-floor.js';
import { relight } from './lighting.js';
import { luma } from './pixels.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';

let room: PreparedImage;
beforeAll(async () => {
  room = await prepareInput(await sampleRoom({ width: 400, height: 300 }));
});

const warmthOf = (image: PreparedImage) => {
  const [r, , b] = meanRgb(image, whole(image));
  return r - b;
};

describe('relight', () => {
  it('brightens for "bright" and darkens for "evening"', () => {
    const before = luma(meanRgb(room, whole(room)));
    expect(luma(meanRgb(relight(room, 'bright'), whole(room)))).toBeGreaterThan(before + 15);
    expect(luma(meanRgb(relight(room, 'evening'), whole(room)))).toBeLessThan(before - 15);
  });

  it('warms for "warm" and cools for "cool"', () => {
    expect(warmthOf(relight(room, 'warm'))).toBeGreaterThan(warmthOf(room) + 15);
    expect(warmthOf(relight(room, 'cool'))).toBeLessThan(warmthOf(room) - 15);
  });

  it('gives an option it does not know the default fix, which brightens', () => {
    const unknown = relight(room, 'moonlit-disco');
    expect(unknown.data.equals(relight(room, undefined).data)).toBe(true);
    expect(luma(meanRgb(unknown, whole(room)))).toBeGreaterThan(luma(meanRgb(room, whole(room))) + 5);
  });
});
