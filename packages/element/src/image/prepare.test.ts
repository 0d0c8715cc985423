import { expect } from '@open-wc/testing';
import { makePhoto } from '../test/helpers.js';
import { ImageRejectedError, prepareImage } from './prepare.js';

/** Why `prepareImage` refused `file`, or undefined when it took it. */
async function refusal(file: Blob): Promise<string | undefined> {
  try {
    await prepareImage(file);
    return undefined;
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.problem.kind;
    throw error;
  }
}

describe('prepareImage', () => {
  it('takes JPEG, PNG and WebP by their bytes, whatever the file claims to be', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      const photo = await makePhoto(800, 600, type);
      expect(await refusal(new Blob([photo], { type: 'application/octet-stream' })), type).to.equal(undefined);
    }
  });

  it('refuses HEIC (an iPhone photo) and text named like a photo as the wrong type', async () => {
    const heic = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    expect(await refusal(new Blob([heic], { type: 'image/heic' }))).to.equal('type');
    expect(await refusal(new Blob(['hello'], { type: 'image/jpeg' }))).to.equal('type');
  });
});
