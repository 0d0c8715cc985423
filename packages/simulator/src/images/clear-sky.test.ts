import { beforeAll, describe, expect, it } from 'vitest';
import { difference, meanRgb, overcastExterior } from '../test-support/images.js';
import type { PreparedImage } from './clear-floor.js';
import { clearSky } from './clear-sky.js';
import { fractionBox } from './pixels.js';

let exterior: PreparedImage;
beforeAll(async () => {
  exterior = await overcastExterior();
});

describe('clearSky', () => {
  it('turns the grey sky and its cloud blue', () => {
    const cleared = clearSky(exterior);
    for (const box of [fractionBox(exterior, 0, 0, 1, 0.3), fractionBox(exterior, 0.2, 0.1, 0.2, 0.06)]) {
      const [r, , b] = meanRgb(cleared, box);
      const [r0, , b0] = meanRgb(exterior, box);
      expect(b - r).toBeGreaterThan(b0 - r0 + 60);
    }
  });

  it('leaves the house and the lawn as they were', () => {
    const cleared = clearSky(exterior);
    expect(difference(cleared, exterior, fractionBox(exterior, 0.3, 0.4, 0.4, 0.6))).toBe(0);
    expect(difference(cleared, exterior, fractionBox(exterior, 0, 0.67, 1, 0.33))).toBe(0);
  });
});
