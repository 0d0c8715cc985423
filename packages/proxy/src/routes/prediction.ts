/**
 * GET /api/v1/prediction/{handle} and its /events, both fed by the job hub (one poller per job). A prediction goes out
 * as `normalizePrediction` kept it: the spec's fields only, never an id of the service's.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { type JsonReply, jsonReply, notFound } from '../http/responses.js';
import type { JobSnapshot } from '../jobs/snapshot.js';
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

const encoder = new TextEncoder();

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Tell nginx-style buffers to pass events through at once.
  'x-accel-buffering': 'no',
};

export async function handleEvents(context: ProxyContext, scope: RequestScope): Promise<Response> {
  const claims = await jobOf(context, scope);
  // HEAD gets the head only: no stream, no watch, no slot.
  if (scope.request.method === 'HEAD') return new Response(null, { status: 200, headers: EVENT_STREAM_HEADERS });
  return new Response(eventStream(context, claims), { status: 200, headers: EVENT_STREAM_HEADERS });
}

/** The stream of one viewer; it stops watching when it ends, however it ends. */
function eventStream(context: ProxyContext, claims: HandleClaims): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastStatus: string | undefined;
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      /** Stops the heartbeat and the watching; false when already stopped. */
      const leave = (): boolean => {
        if (!open) return false;
        open = false;
        clearInterval(heartbeat);
        unwatch();
        return true;
      };
      const finish = () => {
        if (leave()) controller.close();
      };
      const onSnapshot = (snapshot: JobSnapshot) => {
        if (snapshot.kind === 'prediction') {
          if (snapshot.prediction.status !== lastStatus || snapshot.terminal) {
            lastStatus = snapshot.prediction.status;
            send(`event: prediction\ndata: ${JSON.stringify(snapshot.prediction)}\n\n`);
          }
        } else if (snapshot.terminal) {
          send(`event: error\ndata: ${JSON.stringify(errorBody(snapshot.body, snapshot.status))}\n\n`);
        }
        if (snapshot.terminal) finish();
      };
      // Throws (429 too many streams, 503 while the proxy shuts down) before the heartbeat starts: a refused stream leaves no timer behind.
      const unwatch = context.hub.watch(claims, { visitor: claims.visitor, onSnapshot, onClose: finish });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), context.options.jobs.heartbeatMs);
      stop = leave;
      send(': connected\n\n');
    },
    cancel() {
      stop();
    },
  });
}

function errorBody(body: unknown, status: number): { error: string; code: string; status: number } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' ? record.error : 'The generation could not be followed';
  const code = typeof record.code === 'string' ? record.code : status === 404 ? 'not_found' : 'upstream_error';
  return { error, code, status };
}
