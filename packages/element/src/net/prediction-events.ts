import { AbortError, normalizePrediction, type Prediction, predictionOutcome } from '@room-restyler/core';

/** The event stream could not be used; the caller falls back to polling. */
export class EventsUnavailableError extends Error {
  override name = 'EventsUnavailableError';
}

export interface WatchOptions {
  signal?: AbortSignal;
  withCredentials?: boolean;
  onPrediction?: (prediction: Prediction) => void;
}

/**
 * Follows a prediction through the proxy's Server-Sent Events until it is terminal. Resolves with
 * the terminal prediction (succeeded or failed — the caller decides); rejects with
 * EventsUnavailableError when the stream fails, so the caller can poll instead (EventSource would
 * otherwise reconnect forever).
 */
export function watchPredictionEvents(url: string, options: WatchOptions = {}): Promise<Prediction> {
  const { signal, withCredentials = true, onPrediction } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('Watching was aborted'));
    const source = new EventSource(url, { withCredentials });
    const finish = (settle: () => void) => {
      source.close();
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(new AbortError('Watching was aborted')));
    source.addEventListener('prediction', (event) => {
      let prediction: Prediction;
      try {
        prediction = normalizePrediction(JSON.parse((event as MessageEvent<string>).data));
      } catch {
        return finish(() => reject(new EventsUnavailableError('The event stream sent invalid JSON')));
      }
      onPrediction?.(prediction);
      if (predictionOutcome(prediction) !== 'running') finish(() => resolve(prediction));
    });
    // Both the proxy's own `event: error` and a broken connection end up here.
    source.addEventListener('error', () => finish(() => reject(new EventsUnavailableError('The event stream failed'))));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
