/** `app.all('/room-api/*', honoProxy(proxy))`, the proxy's `prefix` being `/room-api`; uploads need `uploads.publicUrl`. */
import type { Context, MiddlewareHandler } from 'hono';
import type { RoomProxy } from '../proxy.js';

export interface HonoProxyOptions {
  /** The socket address. Default: @hono/node-server's `c.env.incoming.socket.remoteAddress`. */
  clientIp?: (c: Context) => string | undefined;
}

export function honoProxy(proxy: RoomProxy, options: HonoProxyOptions = {}): MiddlewareHandler {
  const clientIp = options.clientIp ?? nodeServerIp;
  return async (c) => proxy(c.req.raw, { clientIp: clientIp(c) });
}

function nodeServerIp(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}
