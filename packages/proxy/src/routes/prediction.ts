/** GET /api/v1/prediction/{handle}: the prediction, from the shared job state (one poller per job). */
import type { ProxyContext, RequestScope } from '../context.js';
import { type JsonReply, jsonTextReply } from '../http/responses.js';
import { jobOf } from '../jobs/job-of.js';
import { type JobSnapshot, predictionJson } from '../jobs/snapshot.js';
import { upstreamErrorReply } from '../upstream/upstream.js';

export async function handlePrediction(context: ProxyContext, scope: RequestScope): Promise<JsonReply> {
  const { claims } = await jobOf(context, scope);
  return snapshotReply(await context.hub.current(claims));
}

export function snapshotReply(snapshot: JobSnapshot): JsonReply {
  if (snapshot.kind === 'prediction') return jsonTextReply(200, predictionJson(snapshot));
  return upstreamErrorReply({
    status: snapshot.status,
    body: snapshot.body,
    ...(snapshot.retryAfter ? { retryAfter: snapshot.retryAfter } : {}),
  });
}
