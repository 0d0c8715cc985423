/** `createRoomProxy` with Node's defaults (the short snippet works as pasted) and `startProxyServer`, a standalone server. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { listenFailure } from '@room-restyler/core/cli';
import { createProxyAdmin } from '../admin/admin.js';
import { jsonLinesLogger, type Logger } from '../log.js';
import type { RoomProxyOptions, UploadsOptions } from '../options.js';
import { createRoomProxy as createPortableProxy, type RoomProxy } from '../proxy.js';
import { createNodeUploads, type NodeUploadsOptions } from './disk-upload-store.js';
import { elementWidget } from './element-widget.js';
import { toNodeHandler } from './handler.js';
import { loadSharp } from './sharp-image-processor.js';

export interface NodeRoomProxyOptions extends Omit<RoomProxyOptions, 'uploads'> {
  /** `ROOM_PROXY_ADMIN_TOKEN` (>= 16 characters): serves `/metrics` and `/admin` (`createProxyAdmin`). Default: off (404). */
  adminToken?: string | undefined;
  /** Default: disk + sharp when sharp is installed (`NodeUploadsOptions` tune them), off otherwise; `false`: off. */
  uploads?: UploadsOptions | NodeUploadsOptions | false | undefined;
}

export const SHARP_MISSING =
  'image uploads are off: sharp is not installed, so visitors cannot use their own photos (npm install sharp next to @room-restyler/proxy; uploads: false silences this)';

/** The uploads to serve; `resolve` finds a package as Node does from here (a test can pretend sharp is missing). */
export function nodeUploads(
  given: NodeRoomProxyOptions['uploads'],
  log: Logger,
  resolve: (specifier: string) => string = createRequire(import.meta.url).resolve,
): UploadsOptions | false {
  if (!wantsNodeUploads(given)) return given;
  try {
    resolve('sharp');
  } catch {
    log({ level: 'warn', msg: SHARP_MISSING });
    return false;
  }
  return createNodeUploads(given);
}

/** Uploads are neither off nor given a store of the site's own. */
const wantsNodeUploads = (given: NodeRoomProxyOptions['uploads']): given is NodeUploadsOptions | undefined =>
  given !== false && !(given && 'store' in given);

export function createRoomProxy({ adminToken, ...options }: NodeRoomProxyOptions): RoomProxy {
  return createPortableProxy({
    ...options,
    admin: options.admin ?? (adminToken === undefined ? undefined : createProxyAdmin({ token: adminToken })),
    widget: options.widget ?? elementWidget(),
    uploads: nodeUploads(options.uploads, options.log ?? jsonLinesLogger),
  });
}

export interface ProxyServerOptions extends NodeRoomProxyOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
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

/** Unlike `createRoomProxy`, stops at start when the default uploads cannot run (sharp is missing). */
export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { port = 8787, host = '127.0.0.1', uploads, shutdownGraceMs = 5_000, ...proxyOptions } = options;
  if (wantsNodeUploads(uploads)) await loadSharp();
  const proxy = createRoomProxy({ ...proxyOptions, uploads });
  const handler = toNodeHandler(proxy);
  // Slow clients: headers within 15 s, the whole request within 2 min (the proxy's own body deadlines are shorter).
  const server = createServer({ headersTimeout: 15_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 }, handler);
  // node:http hands CONNECT over as a bare socket (and drops it when nobody listens): the handler refuses it in JSON too.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    res.shouldKeepAlive = false;
    res.once('finish', () => socket.end());
    handler(req, res);
  });
  try {
    await once(server.listen(port, host), 'listening');
  } catch (error) {
    // Nothing will be served: stop the proxy's pollers and timers so the caller can exit.
    await proxy.close();
    throw new Error(listenFailure(error as NodeJS.ErrnoException, port, host), { cause: error });
  }
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
