/** GET /api/v1/prediction/{handle}: the prediction, from the shared job state (one poller per job). */
import type { ProxyContext, RequestScope } from '../context.js';
import { type JsonReply, jsonTextReply } from '../http/responses.js';
import { type JobSnapshot, predictionJson } from '../jobs/snapshot.js';
import { upstreamErrorReply } from '../upstream/upstream.js';
import { jobOf } from './job-of.js';

export async function handlePrediction(context: ProxyContext, scope: RequestScope): Promise<JsonReply> {
  const job = await jobOf(context, scope);
  const snapshot = await context.hub.current({ requestId: job.requestId, startedAt: job.startedAt });
  return snapshotReply(snapshot, job.handle);
}

export function snapshotReply(snapshot: JobSnapshot, handle: string): JsonReply {
  if (snapshot.kind === 'prediction') return jsonTextReply(200, predictionJson(snapshot, handle));
  return upstreamErrorReply({ status: snapshot.status, body: snapshot.body, ...(snapshot.retryAfter ? { retryAfter: snapshot.retryAfter } : {}) });
}
