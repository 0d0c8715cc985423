import { describe, expect, it } from 'vitest';
import { gradeMatrix, type Matrix3 } from './color-matrix.js';

const apply = (m: Matrix3, rgb: [number, number, number]) => m.map((row) => row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]);

describe('gradeMatrix', () => {
  it('is the identity at saturation 1 and no hue shift', () => {
    const out = apply(gradeMatrix(1, 0), [200, 100, 50]);
    out.forEach((v, i) => {
      expect(v).toBeCloseTo([200, 100, 50][i]!, 6);
    });
  });

  it('keeps greys grey whatever the grade', () => {
    for (const v of apply(gradeMatrix(1.4, 25), [120, 120, 120])) expect(v).toBeCloseTo(120, 1);
  });

  it('removes colour at saturation 0 and boosts the spread above 1', () => {
    const grey = apply(gradeMatrix(0, 0), [200, 100, 50]);
    expect(Math.max(...grey) - Math.min(...grey)).toBeCloseTo(0, 6);
    const vivid = apply(gradeMatrix(1.5, 0), [200, 100, 50]);
    expect(Math.max(...vivid) - Math.min(...vivid)).toBeGreaterThan(150);
  });
});
