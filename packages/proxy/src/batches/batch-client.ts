/**
 * What core's runBatch calls, served by the proxy's own paths: each start is one start of the paid path (generate.ts:
 * start-once, idempotency record, tracing and metrics), counted against the site's daily budget only; each job is
 * followed through the job hub (one poller per job, whoever else watches it).
 */
import { type GenerationStarted, type Prediction, RateLimitedError, RoomApiError, ServerError } from '@room-restyler/core';
import type { BatchClient } from '@room-restyler/core/batch';
import { generationFailed } from '@room-restyler/core/internal';
import type { ProxyContext, RequestScope } from '../context.js';
import { JsonReply, ProxyHttpError } from '../http/responses.js';
import { dailyCheck } from '../limits/limits.js';
import { type Generation, type GenerationInput, type StartReply, startOne } from '../routes/generate.js';
import { readHandle } from '../security/handles.js';

/** The batch's starts, owned by `visitor` (the batch's own id: its handles are nobody else's). */
export function batchClient(context: ProxyContext, scope: RequestScope, visitor: string): BatchClient {
  return {
    async start(operation, body, options) {
      // A proxy shutting down starts nothing more (a job it could no longer follow would be paid for and lost).
      if (context.hub.closed) throw new RoomApiError('The proxy is shutting down');
      const g: Generation = { context, scope, input: { operation, body } as GenerationInput, visitor, key: options?.idempotencyKey };
      const budget = [dailyCheck('gen', context.options.limits, context.options.clock.now())];
      try {
        return startedOf(await startOne(g, budget));
      } catch (error) {
        throw refusal(error);
      }
    },

    async waitForPrediction(handle, options) {
      const { options: settings, hub, sealer } = context;
      const job = await readHandle(handle, visitor, sealer, settings.clock.now());
      if (!job) throw new RoomApiError('The batch lost the handle of its job');
      return new Promise<Prediction>((resolve, reject) => {
        let unwatch = () => {};
        const stop = (settle: () => void) => {
          unwatch();
          settle();
        };
        unwatch = hub.watch(job, {
          visitor,
          onSnapshot(snapshot) {
            if (!snapshot.terminal) return;
            if (snapshot.kind === 'error') stop(() => reject(new RoomApiError(`The job could not be followed (HTTP ${snapshot.status})`)));
            else if (snapshot.prediction.status === 'succeeded') stop(() => resolve(snapshot.prediction));
            else stop(() => reject(generationFailed(snapshot.prediction)));
          },
          onClose: () => reject(new RoomApiError('The proxy is shutting down')),
        });
        const signal = options?.signal;
        // Cancelled while the handle was read: no abort event is coming.
        if (signal?.aborted) stop(() => reject(signal.reason));
        signal?.addEventListener('abort', () => stop(() => reject(signal.reason)), { once: true });
      });
    },

    // The paid path already reconciled a start whose answer was lost, against every start of the site: what it could
    // not tell stays unknown (a list that cannot be read), never judged again among the batch's starts alone.
    async listPredictions() {
      throw new Error('reconciled by the proxy');
    },
  };
}

/** A start's answer as core's client would give it: the handle, or the error that tells runBatch what to do. */
function startedOf(reply: StartReply): GenerationStarted {
  if (!(reply instanceof JsonReply)) return { requestId: reply.ack.request_id, message: reply.ack.message };
  const body = JSON.parse(reply.text ?? '{}') as { error?: string };
  const message = body.error ?? `HTTP ${reply.status}`;
  // The service's 429: the item waits its turn again (nothing was charged).
  if (reply.status === 429) {
    const seconds = Number(reply.headers['retry-after']);
    throw new RateLimitedError(message, { status: 429, retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : undefined });
  }
  // Any other answer the paid path returned made no job: the item fails uncharged.
  throw new RoomApiError(message, { status: reply.status, body });
}

/** A refusal thrown by the paid path: 502 generation_unknown may have been charged (runBatch counts it so), the rest made no job. */
function refusal(error: unknown): unknown {
  if (!(error instanceof ProxyHttpError)) return error;
  if (error.code === 'generation_unknown') return new ServerError(error.message, { status: error.status });
  return new RoomApiError(error.message, { status: error.status });
}
