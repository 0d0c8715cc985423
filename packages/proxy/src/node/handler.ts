/**
 * `toNodeHandler(proxy)`: the proxy as a node:http / Express handler. The core sees a request view
 * over the IncomingMessage (no fetch Request, and the body stream only when a route reads it); its
 * JSON replies are written straight to the ServerResponse, event streams with backpressure.
 */
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { type Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fetchRequest, type ProxyRequest, type RequestHeaders } from '../http/proxy-request.js';
import { JsonReply, type Reply } from '../http/responses.js';
import type { RoomProxy, ViewHandler } from '../proxy.js';
import { allowedMethods, methodNotAllowed, routeNotFound, SERVED_METHODS } from '../routes/table.js';
import { lingerAfterRefusal } from './linger.js';
import { serverOriginsOf } from './server-origins.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** A node:http / Express handler. With Express, mount it where the proxy's `prefix` says: `app.use('/room-api', handler)`. */
export function toNodeHandler(proxy: RoomProxy): NodeHandler {
  // The proxy's own core when it has one; a wrapper function gets real fetch Requests.
  // A proxy function not made by createRoomProxy (a user's wrapper) gets a fetch Request over the view.
  const core: ViewHandler = proxy.handleView ?? ((request, connection) => proxy(fetchRequest(request, request.body), connection));
  return async (req, res, next) => {
    try {
      // No AbortSignal: event streams stop through the body's cancel when the client leaves.
      const reply =
        refusedBeforeRequest(req, proxy.prefix) ??
        (await core(toProxyRequest(req), { clientIp: req.socket.remoteAddress, serverOrigins: serverOriginsOf(req.socket) }));
      await writeReply(req, res, reply);
    } catch (error) {
      if (next) next(error);
      else if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"The proxy failed","code":"internal_error"}');
      else res.destroy();
    }
  };
}

const FRAMING_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'http2-settings']);
const SANE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The request as the core sees it; its target is origin-form (`refusedBeforeRequest` answered any other). */
function toProxyRequest(req: IncomingMessage): ProxyRequest {
  // The proxy matches its prefix against the full path.
  const target = targetOf(req);
  const host = req.headers.host && SANE_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const method = req.method ?? 'GET';
  let body: ReadableStream<Uint8Array> | undefined;
  return {
    method,
    url: `${protocol}://${host}${target}`,
    headers: nodeHeaders(req.headers),
    get body() {
      if (method === 'GET' || method === 'HEAD') return null;
      body ??= bodyStream(req);
      return body;
    },
  };
}

/** node's parsed headers, read the way fetch's Headers would present them. */
function nodeHeaders(raw: IncomingHttpHeaders): RequestHeaders {
  const get = (name: string) => {
    const key = name.toLowerCase();
    // HTTP/2 pseudo-headers and framing headers are the server's business, not the handler's.
    if (key.charCodeAt(0) === 58 /* : */ || FRAMING_HEADERS.has(key)) return null;
    const value = raw[key];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    get,
    forEach(callback) {
      for (const name of Object.keys(raw)) {
        const value = get(name);
        if (value !== null) callback(value, name);
      }
    },
  };
}

/**
 * The request body as a web stream, read as it is pulled. Cancelling it (a body refused before its
 * end) only stops reading: the connection stays up for the refusal, which the reply writer sends
 * before it drains or closes (`Readable.toWeb` would destroy the socket at once, and the client,
 * still sending, would see a reset instead of the answer; over a PassThrough, Node 20's adapter
 * throws an uncaught ERR_INVALID_STATE when data comes after the cancel).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      const onEnd = () => {
        detach();
        controller.close();
      };
      const onError = (error: Error) => {
        detach();
        controller.error(error);
      };
      const onClose = () => onError(new Error('the client went away before the end of the body'));
      req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
      detach = () => {
        req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      };
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.pause();
    },
  });
}

/** Methods that fetch's Request refuses to represent: answered here, as the fetch core could not receive them. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * A JSON answer for a request the fetch-standard core cannot receive, or undefined when it can. A
 * method fetch cannot represent gets a 405 with the target's `Allow` (every method the proxy serves,
 * for a CONNECT to a host) or a 404 for a path the proxy does not serve; a target that is not
 * origin-form (`GET http://evil.com/ HTTP/1.1`, `OPTIONS *`) a 404: the proxy is not a forward proxy.
 */
export function refusedBeforeRequest(req: IncomingMessage, prefix: string): JsonReply | undefined {
  const method = (req.method ?? '').toUpperCase();
  const target = targetOf(req);
  if (!UNREPRESENTABLE_METHODS.has(method)) return target.startsWith('/') ? undefined : routeNotFound().toReply();
  const allowed = target.startsWith('/') ? allowedMethods(target.replace(/[?#].*$/s, ''), prefix) : [...SERVED_METHODS];
  return (allowed.length > 0 ? methodNotAllowed(method, allowed) : routeNotFound()).toReply();
}

/** The request target as the client sent it; Express strips its mount path from req.url. */
function targetOf(req: IncomingMessage): string {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
}

/** Writes a reply to a node response; stops streaming when the client goes away. */
async function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  if (reply instanceof JsonReply) {
    // A flat name/value list: node writes it without enumerating an object (this is every poll).
    const head: string[] = [];
    for (const name of Object.keys(reply.headers)) head.push(name, reply.headers[name] as string);
    for (const cookie of reply.cookies) head.push('set-cookie', cookie);
    if (reply.text !== null) head.push('content-length', String(Buffer.byteLength(reply.text)));
    res.writeHead(reply.status, head).end(reply.text ?? undefined);
    lingerAfterRefusal(req);
    return;
  }
  res.setHeaders(reply.headers);
  if (reply.body && reply.headers.get('content-type')?.startsWith('text/event-stream')) {
    res.writeHead(reply.status);
    // Ends when the stream does; the client leaving destroys the pipeline, which cancels the stream.
    await pipeline(Readable.fromWeb(reply.body as NodeReadableStream), res).catch(() => {});
    return;
  }
  // Everything but event streams is small and bounded (a ≤ 2048 px image, a hook's answer): send it with a length.
  const body = reply.body ? Buffer.from(await reply.arrayBuffer()) : undefined;
  if (body) res.setHeader('content-length', body.byteLength);
  res.writeHead(reply.status).end(body);
  lingerAfterRefusal(req);
}

/** A JSON reply written straight to a socket that node:http hands over without a response (CONNECT), then closed. */
export function endSocketWith(socket: Duplex, reply: JsonReply): void {
  const body = reply.text ?? '';
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`];
  for (const name of Object.keys(reply.headers)) head.push(`${name}: ${reply.headers[name]}`);
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
