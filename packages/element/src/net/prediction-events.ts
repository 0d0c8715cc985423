import type { Prediction } from '@room-restyler/core';
import { normalizePrediction, predictionOutcome } from '@room-restyler/core/prediction';

export interface WatchOptions {
  signal?: AbortSignal;
  onPrediction?: (prediction: Prediction) => void;
}

/**
 * Follows a prediction through the proxy's Server-Sent Events until it is terminal. Resolves with
 * the terminal prediction (succeeded or failed — the caller decides); rejects when the stream
 * fails, so the caller can poll instead (EventSource would otherwise reconnect forever).
 */
export function watchPredictionEvents(url: string, options: WatchOptions = {}): Promise<Prediction> {
  const { signal, onPrediction } = options;
  return new Promise((resolve, reject) => {
    // An abort rejects with the signal's reason, as core's waits do.
    if (signal?.aborted) return reject(signal.reason);
    // The visitor's cookie, also when the proxy is on another origin.
    const source = new EventSource(url, { withCredentials: true });
    const finish = (settle: () => void) => {
      source.close();
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    // A broken stream, whatever broke it: the caller polls instead.
    const failed = () => finish(() => reject(new Error('The event stream failed')));
    source.addEventListener('prediction', (event) => {
      let prediction: Prediction;
      try {
        prediction = normalizePrediction(JSON.parse((event as MessageEvent<string>).data));
      } catch {
        return failed();
      }
      onPrediction?.(prediction);
      if (predictionOutcome(prediction) !== 'running') finish(() => resolve(prediction));
    });
    // Both the proxy's own `event: error` and a broken connection end up here.
    source.addEventListener('error', failed);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
