/**
 * Lighting: exposure and warmth by the requested option, applied as per-channel gains with the
 * shadows lifted more than the highlights (so a brighter photo does not just clip). Options the
 * table does not know get the default fix, which brightens and warms a little.
 */
import type { PreparedImage } from './clear-floor.js';
import { paintMasked, type Rgb } from './pixels.js';

export interface Look {
  /** Gain on every channel (1 = unchanged). */
  exposure: number;
  /** -1 (cool, bluer) .. 1 (warm, redder). */
  warmth: number;
}

const LOOKS: Record<string, Look> = {
  bright: { exposure: 1.3, warmth: 0 },
  natural: { exposure: 1.12, warmth: 0.05 },
  warm: { exposure: 1.08, warmth: 0.6 },
  cool: { exposure: 1.05, warmth: -0.6 },
  evening: { exposure: 0.8, warmth: 0.5 },
  twilight: { exposure: 0.75, warmth: -0.4 },
};
const DEFAULT_LOOK: Look = { exposure: 1.15, warmth: 0.1 };

const lookFor = (option: string | undefined): Look => (option !== undefined && LOOKS[option.trim().toLowerCase()]) || DEFAULT_LOOK;

export function relight(image: PreparedImage, option: string | undefined): PreparedImage {
  const { exposure, warmth } = lookFor(option);
  const gains: Rgb = [exposure * (1 + 0.15 * warmth), exposure, exposure * (1 - 0.15 * warmth)];
  return paintMasked(
    image,
    undefined,
    (rgb) =>
      rgb.map((v, c) => {
        const gained = v * (gains[c] ?? 1);
        // Gains above 1 lift the shadows with a gentle curve instead of pushing highlights past white.
        return exposure > 1 ? 255 * (1 - (1 - Math.min(gained, 255) / 255) ** exposure) : gained;
      }) as Rgb,
  );
}
