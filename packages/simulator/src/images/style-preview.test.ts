import { readFile } from 'node:fs/promises';
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PREVIEW_SIZE, stylePreview } from './style-preview.js';

const committed = (style: string) => readFile(new URL(`../../../element/previews/${style}.webp`, import.meta.url));
const pixels = async (webp: Uint8Array) => (await sharp(webp).raw().toBuffer({ resolveWithObject: true })).data;

describe('the style cards’ previews', () => {
  it.each(STYLE_IDS)('%s: the committed WebP is what the treatments render now (else run `pnpm generate`)', async (style) => {
    const file = await committed(style);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', ...PREVIEW_SIZE });
    expect(file.byteLength).toBeLessThan(4096);
    // Compared as pixels, not bytes: another build of libwebp may encode the same picture differently.
    const [now, before] = await Promise.all([stylePreview(style).then(pixels), pixels(file)]);
    const meanDifference = now.reduce((sum, v, i) => sum + Math.abs(v - (before[i] ?? 0)), 0) / now.length;
    expect(meanDifference).toBeLessThan(2);
  });
});
