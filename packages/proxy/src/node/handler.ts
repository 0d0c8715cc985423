/** `toNodeHandler(proxy)`: the proxy as a node:http / Express handler. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RoomProxy, ViewHandler } from '../proxy.js';
import { writeReply } from './reply.js';
import { notOriginForm, refusedBeforeRequest, toFetchRequest, toProxyRequest } from './request.js';
import { serverOriginsOf } from './server-origins.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** A node:http / Express handler. With Express, mount it where the proxy's `prefix` says: `app.use('/room-api', handler)`. */
export function toNodeHandler(proxy: RoomProxy): NodeHandler {
  // The proxy's own core when it has one; a wrapper function gets real fetch Requests.
  const core: ViewHandler = proxy.handleView ?? ((request, connection) => proxy(toFetchRequest(request), connection));
  return async (req, res, next) => {
    try {
      const refused = refusedBeforeRequest(req, proxy.prefix);
      const request = refused ? undefined : toProxyRequest(req);
      // No AbortSignal: event streams stop through the body's cancel when the client leaves.
      const reply =
        refused ??
        (request
          ? await core(request, { clientIp: req.socket.remoteAddress, serverOrigins: serverOriginsOf(req.socket) })
          : notOriginForm());
      await writeReply(req, res, reply);
    } catch (error) {
      if (next) next(error);
      else if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"The proxy failed","code":"internal_error"}');
      else res.destroy();
    }
  };
}
