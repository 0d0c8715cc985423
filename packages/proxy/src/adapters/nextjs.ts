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
  return { GET: handle, HEAD: handle, POST: handle, OPTIONS: handle, proxy };
}
