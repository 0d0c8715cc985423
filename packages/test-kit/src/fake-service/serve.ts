/**
 * Serves a fetch handler on a loopback port, for tests that need a real socket. A handler that
 * throws drops the connection (a reset); the request's signal aborts when the client goes away,
 * so a handler that never answers can still end.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serveOverHttp(handler: (request: Request) => Promise<Response>): Promise<Served> {
  const server = createServer((req, res) => {
    const abort = new AbortController();
    res.on('close', () => abort.abort(new Error('the client went away')));
    toRequest(req, abort.signal)
      .then(handler)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function toRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}
