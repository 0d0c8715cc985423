/** A browser-like visitor in Node: a fetch that keeps the proxy's cookies, as a browser would. */
export function visitorFetch(): (request: Request) => Promise<Response> {
  const jar = new Map<string, string>();
  return async (request) => {
    const headers = new Headers(request.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new Request(request, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
}
