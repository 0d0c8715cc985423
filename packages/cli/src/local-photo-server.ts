/**
 * With `--simulate`: the local photos served to the in-process simulator from a loopback server
 * of this process, each at an unguessable path, and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { photoType } from './photo-type.js';

export interface LocalPhotoServer {
  /** Serves the file; answers its URL. */
  add(path: string): string;
  close(): Promise<void>;
}

export async function startLocalPhotoServer(): Promise<LocalPhotoServer> {
  const files = new Map<string, string>();
  const server = createServer((request, response) => {
    const path = files.get(request.url ?? '');
    if (!path) return void response.writeHead(404).end();
    readFile(path).then(
      (bytes) => response.writeHead(200, { 'content-type': photoType(path) ?? 'image/jpeg' }).end(bytes),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    add(path) {
      const route = `/${randomUUID()}${extname(path).toLowerCase()}`;
      files.set(route, path);
      return `http://127.0.0.1:${port}${route}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
