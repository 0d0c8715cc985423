/**
 * Loopback hosts. A simulator that listens on loopback fetches `image_url` on loopback too (a local
 * key proxy's uploads): whoever can send it a request is on this machine already and could fetch
 * those URLs itself, so it reaches nothing new. Private network addresses stay refused, and a
 * simulator listening on another interface keeps the service's public-host rule.
 */
import { parseIp, unmapIp } from '@room-restyler/core/internal';

export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost') return true;
  const ip = parseIp(name);
  if (!ip) return false;
  const { version, bytes } = unmapIp(ip);
  return version === 4 ? bytes[0] === 127 : bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1;
}

export const isLoopbackOrigin = (origin: string): boolean => URL.canParse(origin) && isLoopbackHost(new URL(origin).hostname);
