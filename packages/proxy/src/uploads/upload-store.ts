/** Where re-encoded uploads live until they expire: small, so a site can put them in S3/R2; the proxy ships a disk store for Node. */

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
