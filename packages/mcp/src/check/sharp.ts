/** `sharp`: result previews (and HEIC photos) are converted with it. */
import { type Check, fail, ok } from '@room-restyler/core/cli';

export function sharpCheck(): Check {
  return {
    label: 'sharp',
    async run() {
      try {
        const { default: sharp } = await import('sharp');
        return ok(`loaded: sharp ${sharp.versions.sharp ?? '?'}, libvips ${sharp.versions.vips}: results are previewed`);
      } catch (error) {
        return fail(
          `does not load (${(error as Error).message.split('\n')[0]}): results come without previews`,
          'reinstall next to room-restyler-mcp: npm install sharp',
        );
      }
    },
  };
}
