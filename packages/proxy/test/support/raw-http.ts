/** Raw HTTP/1.1 over a socket, for requests fetch refuses to send (absolute-form targets, `..`, framing tricks). */

import { connect, type Socket } from 'node:net';
import { scan } from '@room-restyler/test-kit';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** Sends `text` (or bytes) as is and resolves with the first response (the socket is closed afterwards). */
export function rawRequest(
  baseUrl: string,
  text: string | Uint8Array,
  options: { keepOpen?: (socket: Socket) => void } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const finish = () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      scan(received, 'raw response');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
      socket.destroy();
    };
    socket.on('connect', () => {
      socket.write(text);
      options.keepOpen?.(socket);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (headEnd >= 0 && length !== undefined && received.length >= headEnd + 4 + Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

export const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;
