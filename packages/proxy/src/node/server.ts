/** `startProxyServer(options)`: a standalone proxy server with disk uploads (sharp) and graceful shutdown. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { UploadsOptions } from '../options.js';
import type { RoomProxy } from '../proxy.js';
import { toNodeHandler } from './handler.js';
import { createRoomProxy, type NodeRoomProxyOptions } from './node-proxy.js';
import { endSocketWith } from './reply.js';
import { refusedBeforeRequest } from './request.js';
import { loadSharp } from './sharp-image-processor.js';
import { createNodeUploads, type NodeUploadsOptions } from './uploads.js';

export interface ProxyServerOptions extends NodeRoomProxyOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Default: disk + sharp uploads, and startup stops when sharp is missing; `false` disables the upload routes. */
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

/** The uploads to serve; the default ones need sharp, so a missing sharp stops startup rather than the first upload. */
async function resolveUploads(uploads: ProxyServerOptions['uploads']): Promise<UploadsOptions | false> {
  if (uploads === false) return false;
  if (uploads && 'store' in uploads) return uploads;
  await loadSharp();
  return createNodeUploads(uploads ?? {});
}

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { port = 8787, host = '127.0.0.1', uploads, shutdownGraceMs = 5_000, ...proxyOptions } = options;
  // Uploads resolved first: a standalone server without sharp stops, rather than running without them.
  const proxy = createRoomProxy({ ...proxyOptions, uploads: await resolveUploads(uploads) });
  // Slow clients: headers within 15 s, the whole request within 2 min (the proxy's own body deadlines are shorter).
  const server = createServer({ headersTimeout: 15_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 }, toNodeHandler(proxy));
  // node:http hands CONNECT over as a raw socket (and drops it when nobody listens): refuse it in JSON too.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const refusal = refusedBeforeRequest(req, proxy.prefix);
    if (refusal) endSocketWith(socket, refusal);
    else socket.destroy();
  });
  try {
    await listen(server, port, host);
  } catch (error) {
    // Nothing will be served: stop the proxy's pollers and timers so the caller can exit.
    await proxy.close();
    throw error;
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

/** Rejects with a message naming the address when the server cannot listen (the port is taken, or not ours to use). */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new Error(listenFailure(error, port, host), { cause: error }));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function listenFailure(error: NodeJS.ErrnoException, port: number, host: string): string {
  if (error.code === 'EADDRINUSE') return `port ${port} on ${host} is already in use: stop what listens there or choose another port`;
  if (error.code === 'EACCES') return `port ${port} on ${host} needs privileges this process does not have: choose a port above 1023`;
  return `cannot listen on port ${port} on ${host}: ${error.message}`;
}
