/**
 * Uploads on local disk: `<dir>/<id>` holds the bytes, `<dir>/<id>.json` the type, expiry and owner.
 * Default directory: `ROOM_PROXY_UPLOAD_DIR`, else a folder under the OS temp dir. A storage budget
 * (`maxBytes`, default 1 GB) bounds what strangers can make it hold: the bytes in the directory are
 * counted at start and kept up to date, and a `put` past the budget is refused.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoredUpload, type UploadStore, UploadStoreFullError } from '../uploads/upload-store.js';

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

interface Meta {
  contentType: string;
  expiresAt: number;
  owner?: string | undefined;
}

export interface DiskUploadStoreOptions {
  dir?: string | undefined;
  /** Storage budget in bytes. Default 1 GB. */
  maxBytes?: number | undefined;
}

export function defaultUploadDir(): string {
  return process.env.ROOM_PROXY_UPLOAD_DIR || join(tmpdir(), 'room-restyler-uploads');
}

export function createDiskUploadStore(options: DiskUploadStoreOptions = {}): UploadStore & { readonly dir: string } {
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
      const { data, meta } = paths(id);
      try {
        const info = JSON.parse(await readFile(meta, 'utf8')) as Meta;
        if (info.expiresAt <= now) {
          await remove(id);
          return undefined;
        }
        const bytes = await readFile(data);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>,
          contentType: info.contentType,
          expiresAt: info.expiresAt,
          owner: info.owner,
        };
      } catch {
        return undefined;
      }
    },
    async sweep(now) {
      await ready;
      let removed = 0;
      for (const name of await readdir(dir)) {
        if (!name.endsWith('.json')) continue;
        const id = name.slice(0, -'.json'.length);
        if (!SAFE_ID.test(id)) continue;
        try {
          const info = JSON.parse(await readFile(join(dir, name), 'utf8')) as Meta;
          if (info.expiresAt > now) continue;
        } catch {
          // An unreadable record is garbage too.
        }
        await remove(id);
        removed += 1;
      }
      return removed;
    },
  };
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}
