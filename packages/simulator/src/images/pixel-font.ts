/**
 * A 5x7 pixel font drawn as SVG rectangles. The mark must be legible on a machine without any
 * system font (librsvg would render text as tofu or nothing), so text never goes through <text>.
 */

const ROWS = 7;
const COLS = 5;

// Each glyph: 7 rows of 5 columns, '#' = ink.
const GLYPHS: Record<string, string> = {
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '####. #...# #...# #...# #...# #...# ####.',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  ' ': '..... ..... ..... ..... ..... ..... .....',
  '·': '..... ..... ..... ..#.. ..... ..... .....',
  '-': '..... ..... ..... .###. ..... ..... .....',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  '?': '.###. #...# ....# ...#. ..#.. ..... ..#..',
};

/** The characters the font can draw. */
export const FONT_CHARACTERS = Object.keys(GLYPHS);

/** Upper-cases, strips accents, turns `_` into spaces and anything undrawable into `?`. */
export function toDrawableText(text: string): string {
  return [
    ...text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/_/g, ' ')
      .toUpperCase(),
  ]
    .map((ch) => (ch in GLYPHS ? ch : '?'))
    .join('');
}

/** Width in pixels of drawable text at a scale (one blank column between glyphs). */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * (COLS + 1) - 1) * scale;
}

export const textHeight = (scale: number) => ROWS * scale;

/**
 * SVG <rect> elements drawing the text with its top-left corner at (x, y); each run of ink in a
 * glyph row is one rect, to keep the SVG small.
 */
export function textToSvgRects(text: string, x: number, y: number, scale: number, fill: string): string {
  const rects: string[] = [];
  [...toDrawableText(text)].forEach((ch, index) => {
    const rows = (GLYPHS[ch] ?? '').split(' ');
    const left = x + index * (COLS + 1) * scale;
    rows.forEach((row, r) => {
      for (const run of row.matchAll(/#+/g)) {
        const col = run.index;
        rects.push(
          `<rect x="${left + col * scale}" y="${y + r * scale}" width="${run[0].length * scale}" height="${scale}" fill="${fill}"/>`,
        );
      }
    });
  });
  return rects.join('');
}
