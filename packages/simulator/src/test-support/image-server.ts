/** A loopback server of test photos for the simulator's image-fetch tests; `/slow` never answers. */
import { type Served, serveOverHttp } from '@room-restyler/test-kit';

export function photoServer(files: Record<string, { body: Buffer | string; type: string }>): Promise<Served> {
  return serveOverHttp(async (request) => {
    const path = new URL(request.url).pathname;
    // Left hanging on purpose (until the client gives up): the caller's timeout must fire.
    if (path === '/slow') return new Promise((_resolve, reject) => request.signal.addEventListener('abort', reject, { once: true }));
    const file = files[path];
    if (!file) return new Response('missing', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), { headers: { 'content-type': file.type } });
  });
}
