import type { KnownStyle } from '@room-restyler/core';

/**
 * The palette of each known style, as the simulator paints it (main, soft, accent, dark: six hex
 * digits each). The style cards draw a little room from it; a test holds it equal to the simulator's.
 */
const PALETTES: Record<KnownStyle, string> = {
  modern: '2b2d31e6e6e64f7396111111',
  minimalist: 'f2f2f0d6d6d21f1f1f555555',
  scandinavian: 'efe7dad8c3a57f9aa33a3a3a',
  industrial: '3b3b3b8b5a3c6e7b851c1c1c',
  mid_century_modern: 'd9822b2a7f7af2c14e6b4226',
  bohemian: 'b5475fe07a3f3f7f5ff2d16b',
  coastal: '3fa7c9f4ecd8e9f4f81f4e79',
  farmhouse: 'f2eadf7a5c3e9aa58b2f2f2f',
  rustic: '8b5a2bc19a6b3e4a3d4a2f18',
  traditional: '8c2f39f0e6d2c9a2272f4f3f',
  luxury: '1a1a2ef5f0e1c9a2275c1a33',
  contemporary: '5a5a66ededf27a5cc7202028',
  japandi: 'd8cbb36b705ca984672b2b2b',
};

/** The four colours of a style (`#rrggbb`), or undefined for a style the kit does not know. */
export function paletteOf(style: string): string[] | undefined {
  const hex = Object.hasOwn(PALETTES, style) ? PALETTES[style as KnownStyle] : undefined;
  return hex?.match(/.{6}/g)?.map((c) => `#${c}`);
}
