/**
 * The photos of a batch as URLs the service can fetch: a public URL as given; a local file sent
 * to a key proxy's upload route (its server token makes it a trusted caller), or — with
 * `--simulate` — served to the in-process simulator from a loopback server of this process.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { createProxyClient } from '@room-restyler/core';
import { UsageError } from '@room-restyler/core/cli';
import type { LocalPhotoServer } from './local-photo-server.js';
import { photoType } from './photo-type.js';

export interface Photo {
  /** As given on the command line. */
  source: string;
  /** Its file name without the extension: the first part of its images' names. */
  name: string;
  url: string;
}

export type PhotoRoute =
  | { kind: 'proxy'; url: string; token: string | undefined }
  | { kind: 'local'; server: LocalPhotoServer }
  | undefined;

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export function photoName(source: string): string {
  const path = isUrl(source) ? new URL(source).pathname : source;
  return basename(path, extname(path)) || 'photo';
}

/** Refuses a local file with no way to hand it to the service before anything is priced or spent. */
export async function checkLocalPhotos(sources: readonly string[], canUpload: boolean): Promise<void> {
  for (const source of sources.filter((given) => !isUrl(given))) {
    const size = await stat(source).then(
      (found) => (found.isFile() ? found.size : -1),
      () => -1,
    );
    if (size < 0) throw new UsageError(`no photo file at ${source} (give a file or an http(s) URL)`);
    if (!photoType(source)) throw new UsageError(`${source} must be a .jpg, .jpeg, .png or .webp photo`);
    if (!canUpload)
      throw new UsageError(
        `${source} is a local file, and the service fetches photos by URL: pass --proxy URL (a room-restyler-proxy, ` +
          'with --server-token or ROOM_UPLOAD_TOKEN) to upload it, give a public https URL instead, or try it with --simulate',
      );
  }
}

/** Each photo's URL: uploaded (or served) once per distinct file. */
export async function photoUrls(sources: readonly string[], route: PhotoRoute): Promise<Photo[]> {
  const uploaded = new Map<string, Promise<string>>();
  const urlOf = (source: string) => {
    if (isUrl(source)) return Promise.resolve(source);
    let url = uploaded.get(source);
    if (!url) {
      url = upload(source, route);
      uploaded.set(source, url);
    }
    return url;
  };
  const names = new Map<string, number>();
  return Promise.all(
    sources.map(async (source) => {
      // Two photos of one name (room.jpg in two folders) keep apart: room, room-2.
      const base = photoName(source);
      const seen = (names.get(base) ?? 0) + 1;
      names.set(base, seen);
      return { source, name: seen === 1 ? base : `${base}-${seen}`, url: await urlOf(source) };
    }),
  );
}

async function upload(source: string, route: PhotoRoute): Promise<string> {
  if (route?.kind === 'local') return route.server.add(source);
  if (route?.kind !== 'proxy') throw new UsageError(`${source} is a local file: pass --proxy URL to upload it`);
  const bytes = await readFile(source);
  const client = createProxyClient({
    baseUrl: route.url,
    ...(route.token ? { headers: { Authorization: `Bearer ${route.token}` } } : {}),
  });
  const { url } = await client.upload(new Blob([bytes], { type: photoType(source) ?? 'application/octet-stream' }));
  return url;
}
