/**
 * GET /api/v1/prediction/{handle} and its /events, both fed by the job hub (one poller per job). A prediction goes out
 * as `normalizePrediction` kept it: the spec's fields only, never an id of the service's.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { EVENT_STREAM_HEADERS, eventStream } from '../http/event-stream.js';
import { type JsonReply, jsonReply, notFound } from '../http/responses.js';
import { type HandleClaims, readHandle } from '../security/handles.js';
import { readVisitorCookie } from '../security/visitor-cookie.js';
import { upstreamErrorReply } from '../upstream/upstream.js';

export async function handlePrediction(context: ProxyContext, scope: RequestScope): Promise<JsonReply> {
  const snapshot = await context.hub.current(await jobOf(context, scope));
  return snapshot.kind === 'prediction' ? jsonReply(200, snapshot.prediction) : upstreamErrorReply(snapshot);
}

/** The job behind the handle in the path (also its reference for the hub), for the visitor who owns it; 404 for anything else. */
async function jobOf(context: ProxyContext, scope: RequestScope): Promise<HandleClaims> {
  const visitor = await readVisitorCookie(scope.request, context.signer);
  const claims = await readHandle(scope.param ?? '', visitor, context.sealer, context.options.clock.now());
  // Another visitor's, tampered and expired handles all look the same: not found.
  if (!claims) throw notFound('Prediction not found');
  return claims;
}

export async function handleEvents(context: ProxyContext, scope: RequestScope): Promise<Response> {
  const claims = await jobOf(context, scope);
  // HEAD gets the head only: no stream, no watch, no slot.
  if (scope.request.method === 'HEAD') return new Response(null, { status: 200, headers: EVENT_STREAM_HEADERS });
  let lastStatus: string | undefined;
  // Throws (429 too many streams, 503 while the proxy shuts down) before the stream starts: a refused stream leaves nothing behind.
  return eventStream(context.options.jobs.heartbeatMs, (stream) => {
    const unwatch = context.hub.watch(claims, {
      visitor: claims.visitor,
      onSnapshot(snapshot) {
        if (snapshot.kind === 'prediction') {
          if (snapshot.prediction.status !== lastStatus || snapshot.terminal) {
            lastStatus = snapshot.prediction.status;
            stream.event('prediction', snapshot.prediction);
          }
        } else if (snapshot.terminal) {
          stream.event('error', errorBody(snapshot.body, snapshot.status));
        }
        if (snapshot.terminal) stream.end();
      },
      onClose: () => stream.end(),
    });
    stream.send(': connected\n\n');
    return unwatch;
  });
}

function errorBody(body: unknown, status: number): { error: string; code: string; status: number } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' ? record.error : 'The generation could not be followed';
  const code = typeof record.code === 'string' ? record.code : status === 404 ? 'not_found' : 'upstream_error';
  return { error, code, status };
}
