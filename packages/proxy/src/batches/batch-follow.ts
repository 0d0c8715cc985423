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
  await existingBatch(context, id);
  let stop = async () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: string, data: unknown) => {
        if (open) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      const heartbeat = setInterval(() => open && controller.enqueue(encoder.encode(': keep-alive\n\n')), context.options.jobs.heartbeatMs);
      const finish = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        void unsubscribe();
        controller.close();
      };
      // Listening first, then reading: an end published in between is not missed.
      const unsubscribe = await context.store.subscribe(eventsChannel(id), (message) => {
        const { event, data } = JSON.parse(message) as { event: string; data: unknown };
        send(event, data);
        if (event === 'end') finish();
      });
      stop = async () => {
        open = false;
        clearInterval(heartbeat);
        await unsubscribe();
      };
      const state = batchState(id, await existingBatch(context, id));
      const total = state.items.length;
      send('progress', { total, succeeded: state.succeeded, failed: state.failed, remaining: total - state.succeeded - state.failed });
      if (state.status !== 'running') {
        send('end', state);
        finish();
      }
    },
    cancel: () => stop(),
  });
  return new Response(stream, { status: 200, headers: EVENT_STREAM_HEADERS });
}
