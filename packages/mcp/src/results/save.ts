/** `save_dir` and `save_images`: write result images to a local folder under readable names, never overwriting. */
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { DownloadedImage } from './download.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

/** Saves each image into an existing folder (see `writableDir`) as `<stem>-<n>.<ext>` and returns the paths in order. */
export async function saveImages(dir: string, stem: string, images: readonly DownloadedImage[]): Promise<string[]> {
  const paths: string[] = [];
  for (const [index, image] of images.entries()) {
    const extension = EXTENSIONS[image.contentType] ?? extensionFromUrl(image.url) ?? 'img';
    paths.push(await writeNew(dir, `${stem}-${index + 1}`, extension, image.bytes));
  }
  return paths;
}

/** One `file://` link per saved file, so clients can open what was written. */
export function savedFileLinks(paths: readonly (string | undefined)[]): ResourceLink[] {
  return paths
    .filter((path): path is string => path !== undefined)
    .map((path) => ({ type: 'resource_link', uri: pathToFileURL(path).href, name: basename(path), title: `Saved: ${basename(path)}` }));
}

/** A file name made of safe characters, for stems built from user input. */
/** `restyle-japandi-living-room-pred_abc123`: the words that are given, then the start of the job id. */
export function fileStem(words: ReadonlyArray<string | undefined>, requestId: string): string {
  return [...words, requestId.slice(0, 12)]
    .filter((word): word is string => Boolean(word))
    .map(safeName)
    .join('-');
}

export function safeName(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'image'
  );
}

async function writeNew(dir: string, base: string, extension: string, bytes: Buffer): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const path = join(dir, attempt === 1 ? `${base}.${extension}` : `${base} (${attempt}).${extension}`);
    try {
      await writeFile(path, bytes, { flag: 'wx' });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 1000) throw error;
    }
  }
}

function extensionFromUrl(url: string): string | undefined {
  const match = /\.(jpe?g|png|webp|avif|gif)$/i.exec(URL.canParse(url) ? new URL(url).pathname : '');
  return match?.[1]?.toLowerCase().replace('jpeg', 'jpg');
}
