/**
 * The origins a connection reached this server on, from the socket's local address and port (never
 * a header the client writes); on loopback also localhost, 127.0.0.1 and [::1].
 */
import { isIPv6, type Socket } from 'node:net';

const known = new WeakMap<Socket, readonly string[] | undefined>();

export function serverOriginsOf(socket: Socket): readonly string[] | undefined {
  // A keep-alive connection asks once.
  if (!known.has(socket)) known.set(socket, originsOf(socket));
  return known.get(socket);
}

function originsOf(socket: Socket): readonly string[] | undefined {
  const { localAddress, localPort } = socket;
  if (!localAddress || !localPort) return undefined;
  const scheme = (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  // A dual-stack server sees IPv4 clients on `::ffff:a.b.c.d`.
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const loopback = address === '::1' || address.startsWith('127.');
  const hosts = [isIPv6(address) ? `[${address}]` : address, ...(loopback ? ['localhost', '127.0.0.1', '[::1]'] : [])];
  const origins = hosts.map((host) => `${scheme}://${host}:${localPort}`).filter((url) => URL.canParse(url));
  // `new URL().origin` drops a default port, as it does for the `image_url` compared with these.
  return origins.length === 0 ? undefined : [...new Set(origins.map((url) => new URL(url).origin))];
}
