/** Server-Sent Events answers: a job's stream and a batch's. */
const encoder = new TextEncoder();

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Tell nginx-style buffers to pass events through at once.
  'x-accel-buffering': 'no',
};

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
