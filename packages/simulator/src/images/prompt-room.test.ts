import { describe, expect, it } from 'vitest';
import { difference } from '../test-support/images.js';
import { fractionBox } from './pixels.js';
import { promptRoom } from './prompt-room.js';

describe('promptRoom', () => {
  it('is the sample room with the text written across the top', async () => {
    const a = await promptRoom('A bright loft with a green sofa');
    const b = await promptRoom('A dark study');
    expect(a).toMatchObject({ width: 1200, height: 900 });
    expect(difference(a, b, fractionBox(a, 0, 0, 1, 0.34))).toBeGreaterThan(1);
    expect(difference(a, b, fractionBox(a, 0, 0.34, 1, 0.66))).toBe(0);
  });
});
