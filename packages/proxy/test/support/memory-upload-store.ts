/** An upload store in memory, for the tests (a site on the edge brings its own, in S3/R2 or the like). */
import { type StoredUpload, type UploadStore, UploadStoreFullError } from '../../src/uploads/interfaces.js';

/** `maxBytes`: the storage budget (default 256 MB). */
export function createMemoryUploadStore(options: { maxBytes?: number } = {}): UploadStore {
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const uploads = new Map<string, StoredUpload>();
  let used = 0;
  const remove = (id: string, upload: StoredUpload) => {
    uploads.delete(id);
    used -= upload.bytes.byteLength;
  };
  return {
    async put(id, upload) {
      if (used + upload.bytes.byteLength > maxBytes) throw new UploadStoreFullError('The upload storage budget is used up');
      uploads.set(id, upload);
      used += upload.bytes.byteLength;
    },
    async get(id, now) {
      const upload = uploads.get(id);
      if (upload && upload.expiresAt <= now) {
        remove(id, upload);
        return undefined;
      }
      return upload;
    },
    async sweep(now) {
      let removed = 0;
      for (const [id, upload] of uploads) {
        if (upload.expiresAt <= now) {
          remove(id, upload);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
