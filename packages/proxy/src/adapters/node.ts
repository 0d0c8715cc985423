/**
 * Node adapter: `toNodeHandler(proxy)` for node:http and Express, `startProxyServer(options)` for a
 * standalone server with disk uploads (sharp) and graceful shutdown. The only place, with the CLI,
 * that uses node: modules.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProxyRequest } from '../http/proxy-request.js';
import { createDiskUploadStore } from '../node/disk-upload-store.js';
import { createSharpImageProcessor } from '../node/sharp-image-processor.js';
import type { RoomProxyOptions, UploadsOptions } from '../options.js';
import { type ConnectionInfo, createRoomProxy, type ReplyHandler, type RoomProxy, replyHandlerOf } from '../proxy.js';
import { notOriginForm, refusedBeforeRequest, toFetchRequest, toProxyRequest, writeReply } from './node-request.js';

export { createDiskUploadStore, defaultUploadDir } from '../node/disk-upload-store.js';
export { createSharpImageProcessor } from '../node/sharp-image-processor.js';
export type { ConnectionInfo, RoomProxy } from '../proxy.js';
export { createRoomProxy } from '../proxy.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** A node:http / Express handler. With Express, mount it where the proxy's `prefix` says: `app.use('/room-api', handler)`. */
export function toNodeHandler(proxy: RoomProxy): NodeHandler {
  // The proxy's own core when it has one; a wrapper function gets real fetch Requests.
  const core: ReplyHandler =
    replyHandlerOf(proxy) ?? ((request: ProxyRequest, connection?: ConnectionInfo) => proxy(toFetchRequest(request), connection));
  return async (req, res, next) => {
    try {
      const refused = refusedBeforeRequest(req);
      const request = refused ? undefined : toProxyRequest(req);
      // No AbortSignal: event streams stop through the body's cancel when the client leaves.
      const reply = refused ?? (request ? await core(request, { clientIp: req.socket.remoteAddress }) : notOriginForm());
      await writeReply(req, res, reply);
    } catch (error) {
      if (next) next(error);
      else if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"The proxy failed","code":"internal_error"}');
      else res.destroy();
    }
  };
}

export interface NodeUploadsOptions extends Omit<UploadsOptions, 'store' | 'processor'> {
  /** Default `ROOM_PROXY_UPLOAD_DIR` or a folder under the OS temp dir. */
  dir?: string | undefined;
}

/** Uploads stored on local disk and re-encoded with sharp. */
export function createNodeUploads(options: NodeUploadsOptions = {}): UploadsOptions {
  const { dir, ...rest } = options;
  return { ...rest, store: createDiskUploadStore(dir ? { dir } : {}), processor: createSharpImageProcessor() };
}

export interface ProxyServerOptions extends Omit<RoomProxyOptions, 'uploads'> {
  /** Default 8787; 0 picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Default: disk + sharp uploads; `false` disables the upload routes. */
  uploads?: UploadsOptions | NodeUploadsOptions | false | undefined;
  /** How long shutdown waits for in-flight requests before cutting connections. Default 5 s. */
  shutdownGraceMs?: number | undefined;
}

export interface ProxyServer {
  url: string;
  port: number;
  proxy: RoomProxy;
  /** Graceful: stops accepting, ends event streams, lets in-flight requests finish (up to the grace period). */
  close(): Promise<void>;
}

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { port = 8787, host = '127.0.0.1', uploads, shutdownGraceMs = 5_000, ...proxyOptions } = options;
  const resolvedUploads = uploads === false ? undefined : uploads && 'store' in uploads ? uploads : createNodeUploads(uploads ?? {});
  const proxy = createRoomProxy({ ...proxyOptions, uploads: resolvedUploads });
  // Slow clients: headers within 15 s, the whole request within 2 min (the proxy's own body deadlines are shorter).
  const server = createServer({ headersTimeout: 15_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 }, toNodeHandler(proxy));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    proxy,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await proxy.close();
        server.closeIdleConnections();
        const grace = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
        await closed;
        clearTimeout(grace);
      })();
      return closing;
    },
  };
}
