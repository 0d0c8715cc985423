/** The origins a connection reached the server on come from its socket's own address, in every form an image_url may spell them. */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverOriginsOf } from './handler.js';

const socket = (localAddress: string | undefined, localPort: number | undefined, encrypted = false) =>
  ({ localAddress, localPort, encrypted }) as unknown as Socket;

describe('serverOriginsOf', () => {
  it.each([
    ['loopback, with its other names', socket('127.0.0.1', 8787), ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']],
    ['IPv6 loopback', socket('::1', 8787), ['http://[::1]:8787', 'http://localhost:8787', 'http://127.0.0.1:8787']],
    ['an IPv4 client of a dual-stack server', socket('::ffff:192.0.2.5', 3000), ['http://192.0.2.5:3000']],
    ['an IPv6 address', socket('2001:db8::5', 3000), ['http://[2001:db8::5]:3000']],
    ['TLS on the default port', socket('192.0.2.5', 443, true), ['https://192.0.2.5']],
  ])('%s', (_, given, origins) => {
    expect(serverOriginsOf(given)).toEqual(origins);
  });

  it('knows none for a socket without a local address, or one no URL can name (a zone id)', () => {
    expect(serverOriginsOf(socket(undefined, undefined))).toBeUndefined();
    expect(serverOriginsOf(socket('fe80::1%eth0', 3000))).toBeUndefined();
  });
});
