import { ConnectionError } from '@room-restyler/core/errors';
import { type ImageLimits, ImageRejectedError } from './prepare.js';

/** Loads and decodes an image, so it can be shown at once; rejects when it cannot be loaded or read. */
export async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/**
 * Loads images side by side, reporting how many are done; the first that cannot be loaded rejects
 * as a connection problem (the job is done: the download failed, and loading again is the fix).
 */
export async function loadImages(urls: readonly string[], onLoaded: (loaded: number) => void): Promise<void> {
  let loaded = 0;
  await Promise.all(
    urls.map(async (url) => {
      await loadImage(url).catch((cause: unknown) => {
        throw new ConnectionError('Loading the result failed', { cause });
      });
      onLoaded(++loaded);
    }),
  );
}

/**
 * Checks a photo on the web before it is offered for generating: it must be an http(s) URL that
 * loads as an image of at least the minimum size. (The service fetches it itself; the browser only
 * sees whether it can be shown.)
 */
export async function checkImageUrl(url: string, limits: ImageLimits): Promise<void> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new ImageRejectedError({ kind: 'url' });
  let image: HTMLImageElement;
  try {
    image = await loadImage(url);
  } catch {
    throw new ImageRejectedError({ kind: 'unreachable' });
  }
  const { naturalWidth: width, naturalHeight: height } = image;
  if (width < limits.minWidth || height < limits.minHeight) throw new ImageRejectedError({ kind: 'dims', width, height });
}
