/**
 * The "SIMULATED · <style>" badge in the bottom-left corner, with swatches of the style's palette,
 * so nobody mistakes a simulator image for the real model's work.
 */
import { textHeight, textToSvgRects, textWidth, toDrawableText } from './pixel-font.js';

export interface MarkOverlay {
  svg: string;
  left: number;
  top: number;
}

/** Font pixel size: about 1/700 of the long edge, so the badge stays small but readable. */
const scaleFor = (width: number, height: number) => Math.max(1, Math.round(Math.max(width, height) / 700));

export function markOverlay(width: number, height: number, style: string, palette: readonly string[]): MarkOverlay {
  const scale = scaleFor(width, height);
  const pad = 3 * scale;
  const margin = 4 * scale;
  const swatch = textHeight(scale);
  const swatchesWidth = palette.length === 0 ? 0 : palette.length * (swatch + scale) + 2 * scale;
  const available = width - 2 * margin - 2 * pad;
  const full = toDrawableText(`SIMULATED · ${style}`);
  const fitting = (room: number) => full.slice(0, Math.max(0, Math.floor((room + scale) / (6 * scale))));
  const withSwatches = fitting(available - swatchesWidth);
  const showSwatches = withSwatches === full;
  const text = showSwatches ? full : fitting(available);
  const boxWidth = textWidth(text, scale) + (showSwatches ? swatchesWidth : 0) + 2 * pad;
  const boxHeight = swatch + 2 * pad;
  const swatchLeft = pad + textWidth(text, scale) + 3 * scale;
  const swatches = showSwatches
    ? palette
        .map(
          (color, i) =>
            `<rect x="${swatchLeft + i * (swatch + scale)}" y="${pad}" width="${swatch}" height="${swatch}" fill="${color}" stroke="#ffffff" stroke-width="${Math.max(1, scale / 2)}"/>`,
        )
        .join('')
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">
    <rect width="${boxWidth}" height="${boxHeight}" rx="${scale * 2}" fill="#000000" fill-opacity="0.7"/>
    ${textToSvgRects(text, pad, pad, scale, '#ffffff')}${swatches}</svg>`;
  return { svg, left: margin, top: height - margin - boxHeight };
}

/** Darkens the corners by `strength` (0..1) with a radial gradient. */
export function vignetteSvg(width: number, height: number, strength: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="v" cx="50%" cy="50%" r="72%">
      <stop offset="45%" stop-color="#000000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#000000" stop-opacity="${strength}"/>
    </radialGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#v)"/></svg>`;
}
