/** `ROOM_PROXY_REDIS_URL` checks, and a way to name the server in messages without its password. */

/** The parsed URL; a RangeError that never repeats the value (it may hold a password) otherwise. */
export function parseRedisUrl(value: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw new RangeError('The Redis URL must look like redis://[user:password@]host[:port][/db] (or rediss:// for TLS)');
  }
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new RangeError('The Redis URL path must be a database number, e.g. redis://host:6379/0');
  return url;
}

/** `redis://host:port/db`, credentials left out. */
export function describeRedisUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}
