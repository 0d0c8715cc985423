/**
 * Next.js App Router adapter. In `app/api/room/[...path]/route.ts`:
 *
 *   import { createNextRouteHandlers } from '@room-restyler/proxy/nextjs';
 *   export const { GET, POST, OPTIONS } = createNextRouteHandlers({
 *     apiKey: process.env.ROOM_API_KEY!, baseUrl: process.env.ROOM_API_BASE_URL!,
 *     secret: process.env.ROOM_PROXY_SECRET, prefix: '/api/room', trustProxy: 1,
 *   });
 *
 * Route handlers get no socket address: behind Vercel or another proxy that sets
 * `X-Forwarded-For`, set `trustProxy` so per-IP limits see real clients. Uploads need
 * `uploads.publicUrl` (ROOM_PROXY_PUBLIC_URL): the upload origin is never taken from the request.
 */
import type { RoomProxyOptions } from '../options.js';
import { createRoomProxy, type RoomProxy } from '../proxy.js';

export type NextRouteHandler = (request: Request) => Promise<Response>;

export interface NextRouteHandlers {
  GET: NextRouteHandler;
  HEAD: NextRouteHandler;
  POST: NextRouteHandler;
  OPTIONS: NextRouteHandler;
  proxy: RoomProxy;
}

export function createNextRouteHandlers(options: RoomProxyOptions | RoomProxy): NextRouteHandlers {
  const proxy = typeof options === 'function' ? options : createRoomProxy(options);
  const handle: NextRouteHandler = (request) => proxy(request);
  const read: NextRouteHandler = (request) => proxy(plainEncoded(request));
  return { GET: read, HEAD: read, POST: handle, OPTIONS: handle, proxy };
}

/**
 * The request without `Accept-Encoding`: Next.js drops `Content-Encoding` from a route handler's
 * answer and compresses it itself, so a body the proxy compressed (the widget's script) would
 * reach the browser undecodable. Only GET and HEAD: they carry no body to move.
 */
function plainEncoded(request: Request): Request {
  if (!request.headers.has('accept-encoding')) return request;
  const headers = new Headers(request.headers);
  headers.delete('accept-encoding');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
