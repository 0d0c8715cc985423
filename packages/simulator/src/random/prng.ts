/**
 * Seeded randomness. Faults, latency and image variation must be reproducible from one seed so a
 * failing reliability test can be replayed; ids and output tokens use node:crypto instead because
 * they must stay unguessable.
 */

/** A uniform generator in [0, 1). */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for simulation (not for secrets). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts, so a seed can be derived from (seed, style, index, ...) in any order of calls. */
export function hash32(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

/** A uniform draw in [min, max]. */
export function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}
