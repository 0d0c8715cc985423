/** Output images of the fake service: small by default; noisy pixels when a test needs heavy files. */
import sharp from 'sharp';

export async function outputImage(size: { width: number; height: number }, noisy: boolean): Promise<Buffer> {
  const { width, height } = size;
  const pixels = Buffer.alloc(width * height * 3, 0x80);
  if (noisy) {
    let state = 0x9e3779b9;
    for (let i = 0; i < pixels.length; i++) {
      // xorshift32: cheap, deterministic, and incompressible enough for a realistically heavy file.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      pixels[i] = state & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: noisy ? 1 : 9 })
    .toBuffer();
}
