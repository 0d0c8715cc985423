/** A loopback HTTP server that serves test photos and misbehaves on request, for fetch tests. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function serve(handler: RequestListener): Promise<TestServer> {
  const server = createServer(handler);
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

/** Serves fixed bodies by path; `/slow` never answers, anything else is a 404. */
export function photoServer(files: Record<string, { body: Buffer | string; type: string }>): Promise<TestServer> {
  return serve((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/slow') return; // left hanging on purpose: the caller's timeout must fire
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
      return;
    }
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
}
