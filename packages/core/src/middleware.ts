/**
 * Hooks around each call, run once whatever its retries: see or change the request before it is
 * sent, and the response before it is read (the shape of openapi-fetch's middleware).
 */

/** A hook that returns nothing (`void`, as a plain function does) leaves things as they are. */
// biome-ignore lint/suspicious/noConfusingVoidType: hooks written as plain functions return void, and must be accepted.
type Maybe<T> = T | undefined | void | Promise<T | undefined | void>;

export interface Middleware {
  /** Return a Request to send instead, or a Response to answer without sending anything. */
  onRequest?(context: { request: Request }): Maybe<Request | Response>;
  /** Return a Response to read instead. Called in reverse order. */
  onResponse?(context: { request: Request; response: Response }): Maybe<Response>;
}

export type Send = (url: string, init: RequestInit & { headers: Headers }) => Promise<Response>;

/** `send(url, init)` with the middleware around it; without middleware no Request is made at all. */
export async function withMiddleware(middleware: readonly Middleware[], url: string, init: RequestInit & { headers: Headers }, send: Send) {
  if (middleware.length === 0) return send(url, init);
  let request = new Request(url, init);
  for (const hooks of middleware) {
    const changed = await hooks.onRequest?.({ request });
    if (changed instanceof Response) return changed;
    if (changed) request = changed;
  }
  let response = await send(request.url, {
    ...init,
    method: request.method,
    headers: request.headers,
    body: request.body ? await request.arrayBuffer() : null,
  });
  for (const hooks of [...middleware].reverse()) response = (await hooks.onResponse?.({ request, response })) || response;
  return response;
}
