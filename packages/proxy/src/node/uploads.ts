/**
 * `createNodeUploads()`: uploads stored on local disk and re-encoded with sharp (an optional peer,
 * loaded at first use); upload bodies are spooled to that disk while they are read.
 */
import { join } from 'node:path';
import type { UploadsOptions } from '../options.js';
import { createDiskSpool } from './disk-spool.js';
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
  const store = createDiskUploadStore({ dir, maxBytes: maxStoredBytes });
  // Bodies being read wait on the same disk, not in memory.
  return { ...rest, store, processor: createSharpImageProcessor(), spool: createDiskSpool(join(store.dir, '.spool')) };
}
