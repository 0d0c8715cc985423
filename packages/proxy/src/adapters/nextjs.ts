/**
 * `export const { GET, POST, OPTIONS } = createNextRouteHandlers({ ..., prefix: '/api/room' })` in
 * `app/api/room/[...path]/route.ts`. Route handlers get no socket address: set `trustProxy` so per-IP
 * limits see real clients; uploads need `uploads.publicUrl`.
 */
import type { RoomProxyOptions } from '../options.js';
import { createRoomProxy, type RoomProxy } from '../proxy.js';

export type NextRouteHandler = (request: Request) => Promise<Response>;

export type NextRouteHandlers = ReturnType<typeof createNextRouteHandlers>;

export function createNextRouteHandlers(options: RoomProxyOptions | RoomProxy) {
  const proxy = typeof options === 'function' ? options : createRoomProxy(options);
  // Next.js passes a second argument (the route's params): not the proxy's connection.
  const handle: NextRouteHandler = (request) => proxy(request);
  const read: NextRouteHandler = (request) => proxy(plainEncoded(request));
  return { GET: read, HEAD: read, POST: handle, OPTIONS: handle, proxy };
}

/** Next.js drops `Content-Encoding` from a route handler's answer and compresses it itself: the proxy must not compress. */
function plainEncoded(request: Request): Request {
  if (!request.headers.has('accept-encoding')) return request;
  const headers = new Headers(request.headers);
  headers.delete('accept-encoding');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
