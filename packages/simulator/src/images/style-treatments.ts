/**
 * How each style regrades a photo. Known styles get hand-tuned treatments that differ in palette,
 * tone and contrast so a person sees at a glance that the style mattered; free-text styles get a
 * treatment derived from a hash of the text, so the same text always looks the same.
 */
import type { KnownStyle } from '@room-restyler/core/vocabulary';
import { hash32 } from '../random/prng.js';
import { hexToRgb, hsl } from './color.js';

export type WashBlend = 'soft-light' | 'overlay' | 'multiply' | 'screen';

export interface Treatment {
  /** Multipliers of colourfulness and of every channel. */
  saturation: number;
  brightness: number;
  /** Hue rotation in degrees. */
  hue: number;
  /** Slope of the tone curve around mid-grey (1 = unchanged). */
  contrast: number;
  /** Per-channel gains (white balance) that tint even the highlights, where a wash barely shows. */
  balance: readonly [number, number, number];
  /** Added to every channel: lifted blacks give a faded, matte look. */
  lift: number;
  /** A colour laid over the whole photo. */
  wash: { color: string; opacity: number; blend: WashBlend };
  /** Edge darkening, 0..1. */
  vignette: number;
  /** Colours of staged furniture and of the swatches in the mark: [main, soft, accent, dark]. */
  palette: readonly [string, string, string, string];
}

const KNOWN: Record<KnownStyle, Treatment> = {
  modern: {
    saturation: 0.8,
    brightness: 1.0,
    hue: 0,
    contrast: 1.3,
    balance: [0.9, 0.98, 1.1],
    lift: 0,
    wash: { color: '#4f7396', opacity: 0.45, blend: 'soft-light' },
    vignette: 0.2,
    palette: ['#2b2d31', '#e6e6e6', '#4f7396', '#111111'],
  },
  minimalist: {
    saturation: 0.35,
    brightness: 1.12,
    hue: 0,
    contrast: 0.75,
    balance: [1, 1, 1],
    lift: 24,
    wash: { color: '#ffffff', opacity: 0.25, blend: 'screen' },
    vignette: 0,
    palette: ['#f2f2f0', '#d6d6d2', '#1f1f1f', '#555555'],
  },
  scandinavian: {
    saturation: 0.6,
    brightness: 1.15,
    hue: 0,
    contrast: 0.85,
    balance: [0.97, 1.0, 1.03],
    lift: 18,
    wash: { color: '#dfe9ee', opacity: 0.5, blend: 'soft-light' },
    vignette: 0,
    palette: ['#efe7da', '#d8c3a5', '#7f9aa3', '#3a3a3a'],
  },
  industrial: {
    saturation: 0.25,
    brightness: 0.8,
    hue: 0,
    contrast: 1.4,
    balance: [0.94, 0.98, 1.05],
    lift: 0,
    wash: { color: '#4a5259', opacity: 0.35, blend: 'multiply' },
    vignette: 0.55,
    palette: ['#3b3b3b', '#8b5a3c', '#6e7b85', '#1c1c1c'],
  },
  mid_century_modern: {
    saturation: 1.3,
    brightness: 1.0,
    hue: -8,
    contrast: 1.05,
    balance: [1.1, 0.99, 0.8],
    lift: 6,
    wash: { color: '#e07b1f', opacity: 0.45, blend: 'soft-light' },
    vignette: 0.25,
    palette: ['#d9822b', '#2a7f7a', '#f2c14e', '#6b4226'],
  },
  bohemian: {
    saturation: 1.5,
    brightness: 1.0,
    hue: 14,
    contrast: 1.1,
    balance: [1.12, 0.9, 0.96],
    lift: 0,
    wash: { color: '#c0392b', opacity: 0.4, blend: 'soft-light' },
    vignette: 0.2,
    palette: ['#b5475f', '#e07a3f', '#3f7f5f', '#f2d16b'],
  },
  coastal: {
    saturation: 1.15,
    brightness: 1.08,
    hue: 0,
    contrast: 0.95,
    balance: [0.84, 1.0, 1.12],
    lift: 6,
    wash: { color: '#2f9fd0', opacity: 0.45, blend: 'soft-light' },
    vignette: 0,
    palette: ['#3fa7c9', '#f4ecd8', '#e9f4f8', '#1f4e79'],
  },
  farmhouse: {
    saturation: 0.7,
    brightness: 1.04,
    hue: 4,
    contrast: 0.85,
    balance: [1.05, 1.02, 0.9],
    lift: 16,
    wash: { color: '#e6cfa0', opacity: 0.5, blend: 'soft-light' },
    vignette: 0.15,
    palette: ['#f2eadf', '#7a5c3e', '#9aa58b', '#2f2f2f'],
  },
  rustic: {
    saturation: 0.7,
    brightness: 0.85,
    hue: 6,
    contrast: 1.15,
    balance: [1.08, 0.94, 0.78],
    lift: 0,
    wash: { color: '#8b5a2b', opacity: 0.4, blend: 'multiply' },
    vignette: 0.45,
    palette: ['#8b5a2b', '#c19a6b', '#3e4a3d', '#4a2f18'],
  },
  traditional: {
    saturation: 1.1,
    brightness: 0.95,
    hue: 0,
    contrast: 1.12,
    balance: [1.08, 0.95, 0.9],
    lift: 0,
    wash: { color: '#8c2f39', opacity: 0.4, blend: 'soft-light' },
    vignette: 0.3,
    palette: ['#8c2f39', '#f0e6d2', '#c9a227', '#2f4f3f'],
  },
  luxury: {
    saturation: 1.0,
    brightness: 0.88,
    hue: 0,
    contrast: 1.4,
    balance: [1.06, 1.0, 0.8],
    lift: 0,
    wash: { color: '#d4a017', opacity: 0.4, blend: 'soft-light' },
    vignette: 0.6,
    palette: ['#1a1a2e', '#f5f0e1', '#c9a227', '#5c1a33'],
  },
  contemporary: {
    saturation: 1.15,
    brightness: 1.03,
    hue: 0,
    contrast: 1.15,
    balance: [0.98, 0.92, 1.1],
    lift: 0,
    wash: { color: '#7a5cc7', opacity: 0.45, blend: 'soft-light' },
    vignette: 0.1,
    palette: ['#5a5a66', '#ededf2', '#7a5cc7', '#202028'],
  },
  japandi: {
    saturation: 0.5,
    brightness: 1.02,
    hue: 0,
    contrast: 0.9,
    balance: [1.0, 1.0, 0.9],
    lift: 10,
    wash: { color: '#8f8a5a', opacity: 0.5, blend: 'soft-light' },
    vignette: 0.1,
    palette: ['#d8cbb3', '#6b705c', '#a98467', '#2b2b2b'],
  },
};

const isKnown = (style: string): style is KnownStyle => Object.hasOwn(KNOWN, style);

/** A stable treatment for free text: the hash picks a hue and the strength of each adjustment. */
function derivedTreatment(style: string): Treatment {
  const h = hash32('style', style.trim().toLowerCase());
  const part = (shift: number) => ((h >>> shift) & 0xff) / 255;
  const hue = h % 360;
  const washColor = hsl(hue, 0.6, 0.5);
  const { r, g, b } = hexToRgb(washColor);
  return {
    saturation: 0.7 + 0.6 * part(8),
    brightness: 0.95 + 0.1 * part(16),
    hue: 0,
    contrast: 0.9 + 0.35 * part(24),
    balance: [r, g, b].map((c) => 0.86 + (0.28 * c) / 255) as [number, number, number],
    lift: 0,
    wash: { color: washColor, opacity: 0.45, blend: 'soft-light' },
    vignette: 0.35 * part(4),
    palette: [hsl(hue, 0.45, 0.35), hsl(hue + 30, 0.35, 0.82), hsl(hue + 180, 0.5, 0.45), hsl(hue, 0.2, 0.18)],
  };
}

export function treatmentFor(style: string): Treatment {
  const key = style.trim().toLowerCase();
  return isKnown(key) ? KNOWN[key] : derivedTreatment(key);
}

/**
 * The four colours a style paints with — main, soft, accent, dark — as the staged furniture and
 * the mark's swatches show them. The element's style cards draw their previews from the same colours.
 */
export function stylePalette(style: string): readonly [string, string, string, string] {
  return treatmentFor(style).palette;
}
