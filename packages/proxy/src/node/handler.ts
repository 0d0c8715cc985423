/** The proxy as a node:http / Express handler, over a request view of the IncomingMessage: a fetch Request costs more than the rest of a poll. */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fetchRequest, type ProxyRequest, type RequestHeaders, SANE_HOST } from '../http/proxy-request.js';
import { JsonReply, type Reply, routeNotFound } from '../http/responses.js';
import type { RoomProxy, ViewHandler } from '../proxy.js';
import { methodNotAllowed, routesAt, SERVED_METHODS } from '../routes/table.js';
import { asBytes } from './sharp-image-processor.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** A node:http / Express handler. With Express, mount it where the proxy's `prefix` says: `app.use('/room-api', handler)`. */
export function toNodeHandler(proxy: RoomProxy): NodeHandler {
  // A proxy function not made by createRoomProxy (a user's wrapper) gets a fetch Request over the view.
  const core: ViewHandler = proxy.handleView ?? ((request, connection) => proxy(fetchRequest(request, request.body), connection));
  let mountChecked = false;
  return async (req, res, next) => {
    if (!mountChecked) mountChecked = checkMount(req, proxy.prefix);
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

/** The request as the core sees it; its target is origin-form (`refusedBeforeRequest` answered any other). */
function toProxyRequest(req: IncomingMessage): ProxyRequest {
  const host = req.headers.host && SANE_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const method = req.method ?? 'GET';
  let body: ReadableStream<Uint8Array> | undefined;
  return {
    method,
    // The proxy matches its prefix against the full path.
    url: `${protocol}://${host}${targetOf(req)}`,
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
 * The body as a web stream, read as it is pulled. Cancelling it (a body refused early) only stops
 * reading, so the refusal is sent before the rest is drained: `Readable.toWeb` would reset the socket
 * at once, and over a PassThrough Node 20 throws ERR_INVALID_STATE when data comes after the cancel.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(asBytes(chunk));
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

/** Methods that fetch's Request refuses to represent. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** For a method fetch cannot carry, a 405 with the target's `Allow` or a 404; for a target not in origin-form (`OPTIONS *`), a 404. */
function refusedBeforeRequest(req: IncomingMessage, prefix: string): JsonReply | undefined {
  const method = (req.method ?? '').toUpperCase();
  const target = targetOf(req);
  if (!UNREPRESENTABLE_METHODS.has(method)) return target.startsWith('/') ? undefined : routeNotFound().toReply();
  const allowed = target.startsWith('/')
    ? routesAt(target.replace(/[?#].*$/s, ''), prefix).map((route) => route.method)
    : [...SERVED_METHODS];
  return (allowed.length > 0 ? methodNotAllowed(method, allowed) : routeNotFound()).toReply();
}

/**
 * Express's mount path (`req.baseUrl`) against the proxy's prefix: when they differ, every request of the
 * site answers 404, so the terminal says what to pass (once). True once an Express mount was seen.
 */
function checkMount(req: IncomingMessage, prefix: string): boolean {
  const mount = (req as IncomingMessage & { baseUrl?: unknown }).baseUrl;
  if (typeof mount !== 'string') return false;
  if (mount !== '' && mount !== prefix) {
    console.error(
      `room-restyler proxy: mounted at ${mount} but its prefix is ${prefix ? `'${prefix}'` : 'the root'}, so every request there answers 404 — pass prefix: '${mount}' to createRoomProxy`,
    );
  }
  return true;
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

/** Longest a refused body is drained (nginx's lingering_time is 30 s), and most bytes. */
const LINGER_MS = 30_000;
const LINGER_BYTES = 64 * 1024 * 1024;
/** A client that sends nothing for this long has stopped (fetch stops sending once it has the answer). */
const IDLE_MS = 2_000;

/**
 * After refusing a body not read to its end, closing at once would reset a client still sending,
 * which on Linux loses the answer: like nginx's lingering close, the rest is discarded for a while.
 */
function lingerAfterRefusal(req: IncomingMessage): void {
  if (req.complete) return;
  const { socket } = req;
  const startedAt = Date.now();
  const firstByte = socket.bytesRead;
  let lastByte = firstByte;
  let lastProgressAt = startedAt;
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== lastByte) {
      lastByte = socket.bytesRead;
      lastProgressAt = now;
    }
    if (now - lastProgressAt >= IDLE_MS || now - startedAt >= LINGER_MS || lastByte - firstByte > LINGER_BYTES) {
      stop();
      socket.destroy();
    }
  }, 500);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    req.off('end', stop);
    socket.off('close', stop);
  };
  req.once('end', stop);
  socket.once('close', stop);
  // Nobody reads the rest any more: let it flow and be discarded.
  req.resume();
}

const knownOrigins = new WeakMap<Socket, readonly string[] | undefined>();

/** The origins a connection reached this server on, from its socket (never a header); on loopback also localhost and its IPs. */
export function serverOriginsOf(socket: Socket): readonly string[] | undefined {
  if (!knownOrigins.has(socket)) knownOrigins.set(socket, originsOf(socket));
  return knownOrigins.get(socket);
}

function originsOf(socket: Socket): readonly string[] | undefined {
  const { localAddress, localPort } = socket;
  if (!localAddress || !localPort) return undefined;
  const scheme = (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  // A dual-stack server sees IPv4 clients on `::ffff:a.b.c.d`.
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const loopback = address === '::1' || address.startsWith('127.');
  const hosts = [isIPv6(address) ? `[${address}]` : address, ...(loopback ? ['localhost', '127.0.0.1', '[::1]'] : [])];
  const origins = hosts.map((host) => `${scheme}://${host}:${localPort}`).filter((url) => URL.canParse(url));
  // `new URL().origin` drops a default port, as it does for the `image_url` compared with these.
  return origins.length === 0 ? undefined : [...new Set(origins.map((url) => new URL(url).origin))];
}
