/** `sharp`: uploads re-encode every photo with it. */
import { type Check, fail, ok } from '@room-restyler/core/cli';
import { MissingPeerError } from '../node/optional-peer.js';
import { loadSharp } from '../node/sharp-image-processor.js';

export function sharpCheck(): Check {
  return {
    label: 'sharp',
    async run() {
      try {
        const sharp = await loadSharp();
        return ok(`loaded: sharp ${sharp.versions.sharp ?? '?'}, libvips ${sharp.versions.vips}`);
      } catch (error) {
        if (error instanceof MissingPeerError) return fail('not installed: uploads cannot start', 'npm install sharp');
        return fail(`does not load (${(error as Error).message})`, 'reinstall sharp for this platform: npm install sharp');
      }
    },
  };
}
