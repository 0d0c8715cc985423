/** An upload route honouring the proxy's contract: raw image body → 201 `{ url, expires_at }`. */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUpload {
  url: string;
  uploads: { contentType: string; bytes: Buffer }[];
  close(): Promise<void>;
}

export async function startFakeUpload(): Promise<FakeUpload> {
  const uploads: FakeUpload['uploads'] = [];
  let origin = '';
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/api/v1/uploads') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    uploads.push({ contentType: req.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) });
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ url: `${origin}/api/v1/uploads/u${uploads.length}`, expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/api/v1/uploads`,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
