/** What uploads plug in: re-encoding is native work and storage the site's choice; Node provides sharp, a disk store and a spool. */
import type { ProxyRequest } from '../http/proxy-request.js';
import { type BodyLimits, readBody } from '../http/read-body.js';

export interface ImageLimits {
  /** Decoded pixel count above which the image is refused (decompression bombs). */
  maxPixels: number;
  /** Longest edge of the re-encoded image. */
  maxEdge: number;
}

export interface ProcessedImage {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  width: number;
  height: number;
}

export interface ImageProcessor {
  /** Re-encodes `bytes` (orientation applied, metadata stripped, resized) or throws `ImageRejectedError`. */
  process(bytes: Uint8Array, limits: ImageLimits): Promise<ProcessedImage>;
}

/** The bytes are not an image the proxy accepts (corrupt, truncated, too many pixels). */
export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  constructor(
    readonly code: 'invalid_image' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
  }
}

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

/** Where re-encoded uploads live until they expire: small, so a site can put them in S3/R2. */
export interface UploadStore {
  /** Stores the upload, or throws `UploadStoreFullError` when it would go past the store's budget. */
  put(id: string, upload: StoredUpload): Promise<void>;
  /** The upload, or undefined when unknown or expired (`now` decides). */
  get(id: string, now: number): Promise<StoredUpload | undefined>;
  /** Deletes every upload expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
}

export interface BodySpool {
  /**
   * Reads the body within its cap and deadline (413/408 otherwise, leaving nothing behind): `bytes` reads it back once
   * it is needed, `dispose` frees what holds it (a temporary file), called once whatever happened.
   */
  spool(request: ProxyRequest, limits: BodyLimits): Promise<{ bytes(): Promise<Uint8Array<ArrayBuffer>>; dispose(): Promise<void> }>;
}

export const memorySpool: BodySpool = {
  async spool(request, limits) {
    const bytes = await readBody(request, limits);
    return { bytes: async () => bytes, dispose: async () => {} };
  },
};
