import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { difference, whole } from '../test-support/images.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';
import { upscale } from './upscale.js';

describe('upscale', () => {
  it('doubles both dimensions and keeps the picture', async () => {
    const room = await prepareInput(await sampleRoom({ width: 300, height: 200 }));
    const large = await upscale(room);
    expect(large).toMatchObject({ width: 600, height: 400 });
    expect(large.data.length).toBe(600 * 400 * 3);
    const back = await sharp(large.data, { raw: { width: 600, height: 400, channels: 3 } })
      .resize(300, 200)
      .raw()
      .toBuffer();
    expect(difference({ ...room, data: back }, room, whole(room))).toBeLessThan(4);
  });
});
