/**
 * Uploads on Node: on local disk (`<dir>/<id>`, `<dir>/<id>.json`), re-encoded with sharp, bodies spooled
 * to the same disk. The storage budget bounds what strangers can make it hold: a `put` past it is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBodyChunks } from '../http/read-body.js';
import type { UploadsOptions } from '../options.js';
import { type BodySpool, type StoredUpload, type UploadStore, UploadStoreFullError } from '../uploads/interfaces.js';
import { asBytes, createSharpImageProcessor } from './sharp-image-processor.js';

export interface NodeUploadsOptions extends Omit<UploadsOptions, 'store' | 'processor'> {
  /** Default `ROOM_PROXY_UPLOAD_DIR` or a folder under the OS temp dir. */
  dir?: string | undefined;
  /** Storage budget of the upload directory in bytes. Default 1 GB. */
  maxStoredBytes?: number | undefined;
}

export function createNodeUploads(options: NodeUploadsOptions = {}): UploadsOptions {
  const { dir, maxStoredBytes, ...rest } = options;
  const store = createDiskUploadStore({ dir, maxBytes: maxStoredBytes });
  return { ...rest, store, processor: createSharpImageProcessor(), spool: createDiskSpool(join(store.dir, '.spool')) };
}

export function defaultUploadDir(): string {
  return process.env.ROOM_PROXY_UPLOAD_DIR || join(tmpdir(), 'room-restyler-uploads');
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

type Meta = Omit<StoredUpload, 'bytes'>;

/** `maxBytes`: the storage budget, default 1 GB. */
export function createDiskUploadStore(
  options: { dir?: string | undefined; maxBytes?: number | undefined } = {},
): UploadStore & { readonly dir: string } {
  const dir = options.dir ?? defaultUploadDir();
  const maxBytes = options.maxBytes ?? 1024 * 1024 * 1024;
  let used = 0;
  const ready = (async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Dot-names are not uploads (the spool of bodies being read lives in `.spool`).
    for (const name of await readdir(dir)) if (!name.startsWith('.')) used += await sizeOf(join(dir, name));
  })();
  const paths = (id: string) => {
    if (!SAFE_ID.test(id)) throw new RangeError('invalid upload id');
    return { data: join(dir, id), meta: join(dir, `${id}.json`) };
  };
  const readMeta = (id: string) =>
    readFile(paths(id).meta, 'utf8')
      .then((text) => JSON.parse(text) as Meta)
      .catch(() => undefined);
  const remove = async (id: string) => {
    const { data, meta } = paths(id);
    const freed = (await sizeOf(data)) + (await sizeOf(meta));
    await Promise.all([rm(data, { force: true }), rm(meta, { force: true })]);
    used -= freed;
  };

  return {
    dir,
    async put(id, upload) {
      await ready;
      const { data, meta } = paths(id);
      const info = JSON.stringify({ contentType: upload.contentType, expiresAt: upload.expiresAt, owner: upload.owner } satisfies Meta);
      const size = upload.bytes.byteLength + Buffer.byteLength(info);
      if (used + size > maxBytes) throw new UploadStoreFullError('The upload storage budget is used up');
      used += size;
      await writeFile(data, upload.bytes, { mode: 0o600 });
      await writeFile(meta, info, { mode: 0o600 });
    },
    async get(id, now): Promise<StoredUpload | undefined> {
      if (!SAFE_ID.test(id)) return undefined;
      const info = await readMeta(id);
      if (!info) return undefined;
      if (info.expiresAt <= now) {
        await remove(id);
        return undefined;
      }
      const bytes = await readFile(paths(id).data).catch(() => undefined);
      return bytes && { ...info, bytes: asBytes(bytes) };
    },
    async sweep(now) {
      await ready;
      let removed = 0;
      for (const name of await readdir(dir)) {
        const id = name.slice(0, -'.json'.length);
        if (!name.endsWith('.json') || !SAFE_ID.test(id)) continue;
        // An unreadable record is garbage too.
        const info = await readMeta(id);
        if (info && info.expiresAt > now) continue;
        await remove(id);
        removed += 1;
      }
      return removed;
    },
  };
}

/** Upload bodies spooled to files in a directory of their own (0700), removed once the request is done. */
function createDiskSpool(dir: string): BodySpool {
  const ready = mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    async spool(request, limits) {
      await ready;
      const path = join(dir, `spool-${randomBytes(12).toString('hex')}`);
      const file = await open(path, 'wx', 0o600);
      await readBodyChunks(request, limits, async (chunk) => {
        await file.write(chunk);
      })
        .finally(() => file.close())
        .catch(async (error: unknown) => {
          await rm(path, { force: true });
          throw error;
        });
      return { bytes: async () => asBytes(await readFile(path)), dispose: () => rm(path, { force: true }) };
    },
  };
}

const sizeOf = (path: string) =>
  stat(path)
    .then((info) => info.size)
    .catch(() => 0);
