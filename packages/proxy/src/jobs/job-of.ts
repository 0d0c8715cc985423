/** The job behind a handle in the path, for the visitor who owns it; 404 for anything else. */
import type { ProxyContext, RequestScope } from '../context.js';
import { notFound } from '../http/responses.js';
import { type HandleClaims, readHandle } from '../security/handles.js';
import { readVisitorCookie } from '../security/visitor-cookie.js';

export interface OwnedJob {
  handle: string;
  /** Also the job's reference for the hub (request id and start). */
  claims: HandleClaims;
}

export async function jobOf(context: ProxyContext, scope: RequestScope): Promise<OwnedJob> {
  const handle = scope.param ?? '';
  const visitor = await readVisitorCookie(scope.request, context.signer);
  const claims = await readHandle(handle, visitor, context.sealer, context.options.clock.now());
  // Another visitor's, tampered and expired handles all look the same: not found.
  if (!claims) throw notFound('Prediction not found');
  return { handle, claims };
}
