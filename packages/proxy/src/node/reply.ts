/** Writes the proxy core's replies to node's ServerResponse: JSON at once, event streams with backpressure. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JsonReply, type Reply } from '../http/responses.js';

const isStream = (response: Response) => response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/** Writes a reply to a node response; stops streaming when the client goes away. */
export async function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  if (reply instanceof JsonReply) {
    // A flat name/value list: node writes it without enumerating an object (this is every poll).
    const head: string[] = [];
    for (const name of Object.keys(reply.headers)) head.push(name, reply.headers[name] as string);
    for (const cookie of reply.cookies) head.push('set-cookie', cookie);
    if (!req.complete) head.push('connection', 'close');
    if (reply.text !== null) head.push('content-length', String(Buffer.byteLength(reply.text)));
    res.writeHead(reply.status, head).end(reply.text ?? undefined);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  reply.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = reply.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // A refused body was not read to its end: close the connection instead of draining an attacker's upload.
  if (!req.complete) headers.connection = 'close';
  if (!reply.body || !isStream(reply)) {
    // Everything but event streams is small and bounded (a ≤ 2048 px image, a hook's answer): send it with a length.
    const body = reply.body ? Buffer.from(await reply.arrayBuffer()) : undefined;
    if (body) headers['content-length'] = String(body.byteLength);
    res.writeHead(reply.status, headers).end(body);
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
