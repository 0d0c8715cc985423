/** Upscale: the photo at `factor` times its pixels in each direction (Lanczos), lightly sharpened. */
import sharp from 'sharp';
import type { PreparedImage } from './clear-floor.js';

export async function upscale(image: PreparedImage, factor = 2): Promise<PreparedImage> {
  const { width, height } = image;
  const data = await sharp(image.data, { raw: { width, height, channels: 3 } })
    .resize({ width: width * factor, height: height * factor, kernel: 'lanczos3' })
    .sharpen({ sigma: 0.8 })
    .raw()
    .toBuffer();
  return { data, width: width * factor, height: height * factor };
}
