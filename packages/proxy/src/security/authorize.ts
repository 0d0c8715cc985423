/** Runs the site's `authorize` hook on a request whose body has already been read within its limit. */
import type { ProxyContext, RequestScope } from '../context.js';
import { fetchRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';
import type { AuthorizeRoute } from '../options.js';

/** Undefined when allowed; the hook's own Response when it returned one; throws 403 on `false`. */
export async function runAuthorize(
  context: ProxyContext,
  scope: RequestScope,
  body: Uint8Array,
  route: AuthorizeRoute,
  visitor: string,
): Promise<Response | undefined> {
  const hook = context.options.authorize;
  if (!hook) return undefined;
  // The hook gets a fresh Request over the bytes already read: it can parse the body without re-reading the socket.
  const request = fetchRequest(scope.request, body.byteLength > 0 ? body.slice() : null);
  let verdict: boolean | Response;
  try {
    verdict = await hook(request, { route, visitor, ip: scope.ip });
  } catch (error) {
    context.log({ level: 'error', msg: 'authorize hook failed', error: String(error) });
    throw new ProxyHttpError(503, 'authorize_failed', 'The request could not be authorized right now');
  }
  if (verdict instanceof Response) return verdict;
  if (verdict !== true) throw new ProxyHttpError(403, 'forbidden', 'This request is not authorized');
  return undefined;
}
