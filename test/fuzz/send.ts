/** Sends one arbitrary HTTP request (any request-target, method, headers, body) and reads the whole answer, with a deadline. */
import { request } from 'node:http';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string | undefined;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function send(origin: string, raw: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  const url = new URL(origin);
  // Node's client frames a DELETE/OPTIONS body with neither Content-Length nor chunking, so it would
  // leak into the next request on the kept-alive socket: always say how long the body is.
  const headers = raw.body === undefined ? raw.headers : { ...raw.headers, 'content-length': String(Buffer.byteLength(raw.body)) };
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(raw.body);
  });
}
