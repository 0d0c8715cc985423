/** A browser-like visitor in Node: a fetch that keeps the proxy's cookies, as a browser would. */
export function visitorFetch(): (url: string, init: RequestInit) => Promise<Response> {
  const jar = new Map<string, string>();
  return async (url, init) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
}
