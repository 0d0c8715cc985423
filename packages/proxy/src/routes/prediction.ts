/** GET /api/v1/prediction/{handle}: the prediction, from the shared job state (one poller per job). */
import type { ProxyContext, RequestScope } from '../context.js';
import { type JsonReply, jsonTextReply, notFound } from '../http/responses.js';
import { predictionJson } from '../jobs/snapshot.js';
import { type HandleClaims, readHandle } from '../security/handles.js';
import { readVisitorCookie } from '../security/visitor-cookie.js';
import { upstreamErrorReply } from '../upstream/upstream.js';

export async function handlePrediction(context: ProxyContext, scope: RequestScope): Promise<JsonReply> {
  const snapshot = await context.hub.current(await jobOf(context, scope));
  return snapshot.kind === 'prediction' ? jsonTextReply(200, predictionJson(snapshot)) : upstreamErrorReply(snapshot);
}

/** The job behind the handle in the path (also its reference for the hub), for the visitor who owns it; 404 for anything else. */
export async function jobOf(context: ProxyContext, scope: RequestScope): Promise<HandleClaims> {
  const visitor = await readVisitorCookie(scope.request, context.signer);
  const claims = await readHandle(scope.param ?? '', visitor, context.sealer, context.options.clock.now());
  // Another visitor's, tampered and expired handles all look the same: not found.
  if (!claims) throw notFound('Prediction not found');
  return claims;
}
