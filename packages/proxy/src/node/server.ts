/** `startProxyServer(options)`: a standalone proxy server with disk uploads (sharp) and graceful shutdown. */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { UploadsOptions } from '../options.js';
import type { RoomProxy } from '../proxy.js';
import type { NodeUploadsOptions } from './disk-upload-store.js';
import { endSocketWith, refusedBeforeRequest, toNodeHandler } from './handler.js';
import { createRoomProxy, type NodeRoomProxyOptions } from './node-proxy.js';
import { loadSharp } from './sharp-image-processor.js';

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

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { port = 8787, host = '127.0.0.1', uploads, shutdownGraceMs = 5_000, ...proxyOptions } = options;
  // The default uploads need sharp: a standalone server without it stops, rather than running without them.
  if (uploads !== false && !(uploads && 'store' in uploads)) await loadSharp();
  const proxy = createRoomProxy({ ...proxyOptions, uploads });
  // Slow clients: headers within 15 s, the whole request within 2 min (the proxy's own body deadlines are shorter).
  const server = createServer({ headersTimeout: 15_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 }, toNodeHandler(proxy));
  // node:http hands CONNECT over as a raw socket (and drops it when nobody listens): refuse it in JSON too.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const refusal = refusedBeforeRequest(req, proxy.prefix);
    if (refusal) endSocketWith(socket, refusal);
    else socket.destroy();
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

/** Names the address when the server cannot listen (the port is taken, or not ours to use). */
function listenFailure(error: NodeJS.ErrnoException, port: number, host: string): string {
  if (error.code === 'EADDRINUSE') return `port ${port} on ${host} is already in use: stop what listens there or choose another port`;
  if (error.code === 'EACCES') return `port ${port} on ${host} needs privileges this process does not have: choose a port above 1023`;
  return `cannot listen on port ${port} on ${host}: ${error.message}`;
}
