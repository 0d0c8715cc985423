/**
 * Where an upload body (up to 15 MB) waits while it is read: in memory here (edge runtimes); on
 * Node, `createNodeUploads()` spools it to a file, so many at once never sit in memory.
 */
import type { ProxyRequest } from '../http/proxy-request.js';
import { type BodyLimits, readBody } from '../http/read-body.js';

export interface SpooledBody {
  readonly byteLength: number;
  /** The whole body, read back once it is needed. */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
  /** Frees what holds it (a temporary file); called once, whatever happened. */
  dispose(): Promise<void>;
}

export interface BodySpool {
  /** Reads the body within its cap and deadline (413/408 otherwise, leaving nothing behind). */
  spool(request: ProxyRequest, limits: BodyLimits): Promise<SpooledBody>;
}

export const memorySpool: BodySpool = {
  async spool(request, limits) {
    const bytes = await readBody(request, limits);
    return { byteLength: bytes.byteLength, bytes: async () => bytes, dispose: async () => {} };
  },
};
