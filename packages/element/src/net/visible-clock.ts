import { type Clock, sleep } from '@room-restyler/core/abort';

/** The part of `document` the clock needs; a plain object in tests. */
export interface VisibilitySource {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * A clock whose sleeps do not end while the page is hidden: polling stops in a background tab
 * (no requests, no battery) and resumes with one poll as soon as the visitor comes back.
 */
export function visibleClock(doc: VisibilitySource, now: () => number = Date.now): Clock {
  return {
    now,
    async sleep(ms, signal) {
      await sleep(ms, signal);
      if (doc.hidden) await untilVisible(doc, signal);
    },
  };
}

function untilVisible(doc: VisibilitySource, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      doc.removeEventListener('visibilitychange', onChange);
      signal?.removeEventListener('abort', onAbort);
    };
    const onChange = () => {
      if (!doc.hidden) {
        stop();
        resolve();
      }
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    if (signal?.aborted) return reject(signal.reason);
    doc.addEventListener('visibilitychange', onChange);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
