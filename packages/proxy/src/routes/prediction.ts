/**
 * GET /api/v1/prediction/{handle} and its /events, both fed by the job hub (one poller per job). A prediction goes out
 * as `normalizePrediction` kept it: the spec's fields only, never an id of the service's.
 */
import type { ProxyContext, RequestScope } from '../context.js';
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

const encoder = new TextEncoder();

const EVENT_STREAM_HEADERS = {
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

/** What an event stream's source is given: its senders, and its end (which closes the stream). */
interface EventSink {
  send(text: string): void;
  event(name: string, data: unknown): void;
  end(): void;
}

/**
 * A Server-Sent Events answer kept alive by a heartbeat. `open` starts its source (its refusal is the answer) and gives
 * back what stops it, called once however the stream ends (also when it ended while `open` ran).
 */
export async function eventStream(heartbeatMs: number, open: (sink: EventSink) => Promise<() => unknown> | (() => unknown)) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let live = true;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let stop: (() => unknown) | undefined;
  const leave = () => {
    if (!live) return false;
    live = false;
    clearInterval(heartbeat);
    stop?.();
    return true;
  };
  const sink: EventSink = {
    send: (text) => live && controller?.enqueue(encoder.encode(text)),
    event: (name, data) => sink.send(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    end: () => leave() && controller?.close(),
  };
  // start() runs at once, in the constructor: the controller is set from here on.
  const stream = new ReadableStream<Uint8Array>({
    start: (given) => {
      controller = given;
    },
    cancel: () => {
      leave();
    },
  });
  stop = await open(sink);
  if (live) heartbeat = setInterval(() => sink.send(': keep-alive\n\n'), heartbeatMs);
  else stop();
  return new Response(stream, { status: 200, headers: EVENT_STREAM_HEADERS });
}

function errorBody(body: unknown, status: number): { error: string; code: string; status: number } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' ? record.error : 'The generation could not be followed';
  const code = typeof record.code === 'string' ? record.code : status === 404 ? 'not_found' : 'upstream_error';
  return { error, code, status };
}
