/**
 * Uploads on local disk: `<dir>/<id>` holds the bytes, `<dir>/<id>.json` the type and expiry.
 * Default directory: `ROOM_PROXY_UPLOAD_DIR`, else a folder under the OS temp dir.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredUpload, UploadStore } from '../uploads/upload-store.js';

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

interface Meta {
  contentType: string;
  expiresAt: number;
}

function defaultUploadDir(): string {
  return process.env.ROOM_PROXY_UPLOAD_DIR || join(tmpdir(), 'room-restyler-uploads');
}

export function createDiskUploadStore(options: { dir?: string } = {}): UploadStore & { readonly dir: string } {
  const dir = options.dir ?? defaultUploadDir();
  const ready = mkdir(dir, { recursive: true, mode: 0o700 });
  const paths = (id: string) => {
    if (!SAFE_ID.test(id)) throw new RangeError('invalid upload id');
    return { data: join(dir, id), meta: join(dir, `${id}.json`) };
  };
  const remove = async (id: string) => {
    const { data, meta } = paths(id);
    await Promise.all([rm(data, { force: true }), rm(meta, { force: true })]);
  };

  return {
    dir,
    async put(id, upload) {
      await ready;
      const { data, meta } = paths(id);
      await writeFile(data, upload.bytes, { mode: 0o600 });
      await writeFile(meta, JSON.stringify({ contentType: upload.contentType, expiresAt: upload.expiresAt } satisfies Meta), {
        mode: 0o600,
      });
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
