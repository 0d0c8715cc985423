import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FONT_CHARACTERS, textHeight, textToSvgRects, textWidth, toDrawableText } from './pixel-font.js';

describe('toDrawableText', () => {
  it('upper-cases, strips accents and maps underscores and unknown characters', () => {
    expect(toDrawableText('mid_century_modern')).toBe('MID CENTURY MODERN');
    expect(toDrawableText('Café 2€')).toBe('CAFE 2?');
  });
});

describe('the pixel font', () => {
  it('has a 5x7 glyph with ink for every drawable character but space', () => {
    for (const ch of FONT_CHARACTERS) {
      const rects = textToSvgRects(ch, 0, 0, 1, '#000');
      if (ch === ' ') expect(rects).toBe('');
      else expect(rects).toMatch(/<rect /);
    }
  });

  it('renders legible ink without any font: each letter of SIMULATED covers its own columns', async () => {
    const text = 'SIMULATED';
    const scale = 4;
    const width = textWidth(text, scale);
    const height = textHeight(scale);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${textToSvgRects(text, 0, 0, scale, '#000')}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(width);
    const inkInColumn = (col: number) =>
      Array.from({ length: info.height }, (_, row) => data[row * info.width + col]!).some((v) => v < 128);
    for (let glyph = 0; glyph < text.length; glyph++) {
      const start = glyph * 6 * scale;
      const columns = Array.from({ length: 5 * scale }, (_, i) => inkInColumn(start + i));
      expect(columns.some(Boolean)).toBe(true);
      // The gap column between glyphs stays blank, so letters do not run together.
      if (glyph < text.length - 1) expect(inkInColumn(start + 5 * scale + 1)).toBe(false);
    }
  });
});
