/** The photos the kit takes, by extension. */
import { extname } from 'node:path';

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** The media type of a photo the kit takes; undefined for any other file. */
export function photoType(path: string): string | undefined {
  return TYPES[extname(path).toLowerCase()];
}
