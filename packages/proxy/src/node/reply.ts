/** Writes the proxy core's replies to node's ServerResponse: JSON at once, event streams with backpressure. */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { JsonReply, type Reply } from '../http/responses.js';
import { lingerAfterRefusal } from './linger.js';

const isStream = (response: Response) => response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/** Writes a reply to a node response; stops streaming when the client goes away. */
export async function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
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
  const headers: Record<string, string | string[]> = {};
  reply.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = reply.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!reply.body || !isStream(reply)) {
    // Everything but event streams is small and bounded (a ≤ 2048 px image, a hook's answer): send it with a length.
    const body = reply.body ? Buffer.from(await reply.arrayBuffer()) : undefined;
    if (body) headers['content-length'] = String(body.byteLength);
    res.writeHead(reply.status, headers).end(body);
    lingerAfterRefusal(req);
    return;
  }
  res.writeHead(reply.status, headers);
  const reader = reply.body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
      if (res.destroyed) break;
    }
  } catch {
    // The stream was cancelled because the client left.
  } finally {
    res.off('close', onClose);
    res.end();
  }
}

/** A JSON reply written straight to a socket that node:http hands over without a response (CONNECT), then closed. */
export function endSocketWith(socket: Duplex, reply: JsonReply): void {
  const body = reply.text ?? '';
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`];
  for (const name of Object.keys(reply.headers)) head.push(`${name}: ${reply.headers[name]}`);
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
