/** Where re-encoded uploads live until they expire: small, so a site can put them in S3/R2; memory here, disk on Node. */

export interface StoredUpload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** ms since epoch; the upload is gone after this. */
  expiresAt: number;
  /** The visitor who uploaded it: the only one whose cookie reads it (besides signed URLs). */
  owner?: string | undefined;
}

/** Thrown by `put` when the upload would take the store past its storage budget. */
export class UploadStoreFullError extends Error {
  override name = 'UploadStoreFullError';
}

export interface UploadStore {
  /** Stores the upload, or throws `UploadStoreFullError` when it would go past the store's budget. */
  put(id: string, upload: StoredUpload): Promise<void>;
  /** The upload, or undefined when unknown or expired (`now` decides). */
  get(id: string, now: number): Promise<StoredUpload | undefined>;
  /** Deletes every upload expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
}

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
