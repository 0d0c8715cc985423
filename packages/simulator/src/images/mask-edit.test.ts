import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { difference, whole } from '../test-support/images.js';
import type { PreparedImage } from './clear-floor.js';
import { maskEdit } from './mask-edit.js';
import { boxMask, fractionBox, prepareMask } from './pixels.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';

let room: PreparedImage;
beforeAll(async () => {
  room = await prepareInput(await sampleRoom({ width: 400, height: 300, furnished: true }));
});

describe('maskEdit', () => {
  it('recolours the masked area and leaves every unmasked pixel as it was', async () => {
    // A mask image at another size than the photo, white over the sofa: the mask is fitted to the photo.
    const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 100, height: 40, channels: 3, background: '#fff' } }, left: 50, top: 90 }])
      .png()
      .toBuffer();
    const mask = await prepareMask(png, room.width, room.height);
    expect(mask.data.filter(Boolean).length).toBe(200 * 80);
    const edited = await maskEdit(room, 'A blue velvet sofa', mask);
    expect(difference(edited, room, whole(room), { mask, masked: true })).toBeGreaterThan(20);
    expect(difference(edited, room, whole(room), { mask, masked: false })).toBe(0);
  });

  it('writes the prompt in the area: two prompts of the same tint still differ', async () => {
    const mask = boxMask(room.width, room.height, [fractionBox(room, 0.1, 0.1, 0.8, 0.5)]);
    const a = await maskEdit(room, 'paint the wall', mask);
    const b = await maskEdit(room, 'PAINT THE WALL!', mask);
    expect(difference(a, b, whole(room))).toBeGreaterThan(0);
  });

  it('without a mask, edits a framed area in the middle and nothing else', async () => {
    const edited = await maskEdit(room, 'a reading lamp');
    const area = fractionBox(room, 0.3, 0.35, 0.4, 0.35);
    expect(difference(edited, room, area)).toBeGreaterThan(20);
    expect(difference(edited, room, whole(room), { mask: boxMask(room.width, room.height, [area]), masked: false })).toBe(0);
  });

  it('refuses a mask that is not an image', async () => {
    await expect(prepareMask(Buffer.from('not a png'), 10, 10)).rejects.toThrow('mask_url did not return a decodable image');
  });
});
