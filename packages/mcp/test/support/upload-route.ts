/** The real key proxy as the upload route (`ROOM_UPLOAD_URL`) in front of a service, its uploads in a temporary folder. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProxyServer, startProxyServer } from '@room-restyler/proxy/node';

export interface UploadRoute {
  proxy: ProxyServer;
  /** `${proxy.url}/api/v1/uploads` */
  uploadUrl: string;
  /** How many uploads the route has stored (the disk store keeps a `<id>.json` beside each). */
  uploaded(): Promise<number>;
  close(): Promise<void>;
}

export async function startUploadRoute(service: { apiKey: string; baseUrl: string; uploadToken?: string }): Promise<UploadRoute> {
  const dir = await mkdtemp(join(tmpdir(), 'room-mcp-uploads-'));
  const proxy = await startProxyServer({
    port: 0,
    ...service,
    secret: 'a-test-secret-of-enough-length',
    uploads: { dir },
    log: () => {},
  });
  return {
    proxy,
    uploadUrl: `${proxy.url}/api/v1/uploads`,
    uploaded: async () => (await readdir(dir)).filter((name) => name.endsWith('.json')).length,
    async close() {
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
