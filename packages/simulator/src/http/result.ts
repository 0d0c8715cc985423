/** Handlers return a result instead of writing, so the server can still swallow it (simulated reset). */
import type { ServerResponse } from 'node:http';

export type HttpResult =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; body: Buffer; contentType: string; headers?: Record<string, string> };

export const jsonResult = (status: number, json: unknown, headers?: Record<string, string>): HttpResult => ({
  status,
  json,
  ...(headers && { headers }),
});

export const errorResult = (status: number, error: string, extra?: Record<string, unknown>): HttpResult =>
  jsonResult(status, { error, ...extra });

export function writeResult(res: ServerResponse, result: HttpResult): void {
  const isJson = 'json' in result;
  const body = isJson ? Buffer.from(JSON.stringify(result.json)) : result.body;
  res.writeHead(result.status, {
    'content-type': isJson ? 'application/json; charset=utf-8' : result.contentType,
    'content-length': String(body.byteLength),
    ...(isJson && { 'cache-control': 'no-store' }),
    ...result.headers,
  });
  res.end(body);
}
