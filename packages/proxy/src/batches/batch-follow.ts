/** A batch once started, from any instance: its state, its one event stream, and its cancel (wherever it runs). */
import type { ProxyContext, RequestScope } from '../context.js';
import { jsonReply } from '../http/responses.js';
import { EVENT_STREAM_HEADERS } from '../routes/prediction.js';
import { batchState, cancelChannel, eventsChannel, existingBatch } from './batch-store.js';
import { refuseUnlessTrusted } from './batches.js';

/** How long a cancel waits for the instance running the batch to stop it. */
const CANCEL_WAIT_MS = 10_000;

/** GET: the batch's state, from its journal. */
export async function handleBatch(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  const id = scope.param ?? '';
  return jsonReply(200, batchState(id, await existingBatch(context, id)));
}

/** DELETE: cancels the batch wherever it runs; the answer is its state once stopped (`charged`: the items paid for). */
export async function handleCancelBatch(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  const id = scope.param ?? '';
  await existingBatch(context, id);
  let stopped = () => {};
  const ended = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  // Listening first, then reading: an end published in between is not missed.
  const unsubscribe = await context.store.subscribe(eventsChannel(id), (message) => {
    if ((JSON.parse(message) as { event: string }).event === 'end') stopped();
  });
  try {
    if ((await existingBatch(context, id)).status === 'running') {
      // A batch whose instance is gone never answers: its state is answered as it stands.
      const timer = setTimeout(stopped, CANCEL_WAIT_MS);
      await context.store.publish(cancelChannel(id), 'cancel');
      await ended;
      clearTimeout(timer);
    }
  } finally {
    await unsubscribe();
  }
  return jsonReply(200, batchState(id, await existingBatch(context, id)));
}

const encoder = new TextEncoder();

/** GET /events: `progress` at once and on every change, `item` as each ends, `end` (then the stream closes). */
export async function handleBatchEvents(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  const id = scope.param ?? '';
  let open = true;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  // start() runs at once, in the constructor: the controller is set from here on.
  const stream = new ReadableStream<Uint8Array>({
    start: (given) => {
      controller = given;
    },
    cancel: () => close(),
  });
  const send = (text: string) => open && controller?.enqueue(encoder.encode(text));
  const event = (name: string, data: unknown) => send(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  // Listening first, then reading: an end published in between is not missed.
  const unsubscribe = await context.store.subscribe(eventsChannel(id), (message) => {
    const { event: name, data } = JSON.parse(message) as { event: string; data: unknown };
    event(name, data);
    if (name === 'end') finish();
  });
  const close = () => {
    open = false;
    clearInterval(heartbeat);
    return unsubscribe().catch(() => {});
  };
  const finish = () => {
    if (!open) return;
    void close();
    controller?.close();
  };
  const state = await existingBatch(context, id).then(
    (doc) => batchState(id, doc),
    async (error: unknown) => {
      await close();
      throw error;
    },
  );
  heartbeat = setInterval(() => send(': keep-alive\n\n'), context.options.jobs.heartbeatMs);
  const total = state.items.length;
  event('progress', { total, succeeded: state.succeeded, failed: state.failed, remaining: total - state.succeeded - state.failed });
  if (state.status !== 'running') {
    event('end', state);
    finish();
  }
  return new Response(stream, { status: 200, headers: EVENT_STREAM_HEADERS });
}
