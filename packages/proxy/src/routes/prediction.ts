/** GET /api/v1/prediction/{handle}: the prediction, from the shared job state (one poller per job). */
import type { ProxyContext, RequestScope } from '../context.js';
import { jsonResponse } from '../http/responses.js';
import type { JobSnapshot } from '../jobs/snapshot.js';
import { upstreamErrorResponse } from '../upstream/upstream.js';
import { jobOf } from './job-of.js';

export async function handlePrediction(context: ProxyContext, scope: RequestScope): Promise<Response> {
  const job = await jobOf(context, scope);
  const snapshot = await context.hub.current({ requestId: job.requestId, startedAt: job.startedAt });
  return snapshotResponse(snapshot, job.handle);
}

export function snapshotResponse(snapshot: JobSnapshot, handle: string): Response {
  if (snapshot.kind === 'prediction') return jsonResponse(200, { ...snapshot.prediction, id: handle });
  return upstreamErrorResponse({ status: snapshot.status, body: snapshot.body, ...(snapshot.retryAfter ? { retryAfter: snapshot.retryAfter } : {}) });
}
