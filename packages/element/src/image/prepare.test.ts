import { expect } from '@open-wc/testing';
import { makePhoto } from '../test/helpers.js';
import { ImageRejectedError, prepareImage } from './prepare.js';

/** The first bytes of an iPhone photo (an ISO box of brand `heic`). */
const HEIC = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);

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

  it('takes a 20 MB photo straight from a camera and shrinks it on the device', async () => {
    const photo = await makePhoto(4000, 3000);
    // A camera's file: the picture and what follows its end (maker notes, a second frame), 20 MB in all.
    const camera = new Blob([photo, new Uint8Array(20_000_000 - photo.size)], { type: 'image/jpeg' });
    expect(await refusal(camera)).to.equal(undefined);
    const prepared = await prepareImage(camera);
    expect([prepared.width, prepared.height]).to.deep.equal([2048, 1536]);
    expect(prepared.blob.size).to.be.below(5_000_000);
  });

  it('refuses text named like a photo as the wrong type', async () => {
    expect(await refusal(new Blob(['hello'], { type: 'image/jpeg' }))).to.equal('type');
  });

  it('gives an iPhone photo (HEIC) that this browser cannot decode its own refusal', async () => {
    expect(await refusal(new Blob([HEIC], { type: 'image/heic' }))).to.equal('heic');
  });

  it('converts a HEIC to JPEG where the browser decodes it, as Safari does', async () => {
    const decode = globalThis.createImageBitmap;
    const photo = await makePhoto(800, 600);
    // This Chromium cannot decode HEIC: the decoder answers for the HEIC with a photo, as Safari's would.
    globalThis.createImageBitmap = ((_: Blob, options?: ImageBitmapOptions) => decode(photo, options)) as typeof createImageBitmap;
    try {
      const prepared = await prepareImage(new Blob([HEIC, photo], { type: 'image/heic' }));
      expect([prepared.sourceFormat, prepared.blob.type, prepared.width]).to.deep.equal(['image/heic', 'image/jpeg', 800]);
    } finally {
      globalThis.createImageBitmap = decode;
    }
  });
});
