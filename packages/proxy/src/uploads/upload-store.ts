/**
 * Where re-encoded uploads live until they expire. The interface is small so a site can put them
 * in S3/R2; the proxy ships an in-memory store (edge, tests) and a local-disk store (Node).
 */

export interface StoredUpload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** ms since epoch; the upload is gone after this. */
  expiresAt: number;
}

export interface UploadStore {
  put(id: string, upload: StoredUpload): Promise<void>;
  /** The upload, or undefined when unknown or expired (`now` decides). */
  get(id: string, now: number): Promise<StoredUpload | undefined>;
  /** Deletes every upload expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
}

export function createMemoryUploadStore(): UploadStore {
  const uploads = new Map<string, StoredUpload>();
  return {
    async put(id, upload) {
      uploads.set(id, upload);
    },
    async get(id, now) {
      const upload = uploads.get(id);
      if (upload && upload.expiresAt <= now) {
        uploads.delete(id);
        return undefined;
      }
      return upload;
    },
    async sweep(now) {
      let removed = 0;
      for (const [id, upload] of uploads) {
        if (upload.expiresAt <= now) {
          uploads.delete(id);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
