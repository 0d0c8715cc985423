/** `createNodeUploads()`: uploads stored on local disk and re-encoded with sharp (an optional peer, loaded at first use). */
import type { UploadsOptions } from '../options.js';
import { createDiskUploadStore } from './disk-upload-store.js';
import { createSharpImageProcessor } from './sharp-image-processor.js';

export interface NodeUploadsOptions extends Omit<UploadsOptions, 'store' | 'processor'> {
  /** Default `ROOM_PROXY_UPLOAD_DIR` or a folder under the OS temp dir. */
  dir?: string | undefined;
  /** Storage budget of the upload directory in bytes. Default 1 GB. */
  maxStoredBytes?: number | undefined;
}

export function createNodeUploads(options: NodeUploadsOptions = {}): UploadsOptions {
  const { dir, maxStoredBytes, ...rest } = options;
  return { ...rest, store: createDiskUploadStore({ dir, maxBytes: maxStoredBytes }), processor: createSharpImageProcessor() };
}
