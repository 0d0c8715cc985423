/** /readyz's checks: the store and the service (`GET /api/v1/me`), asked at most once per interval (a stranger may probe in a loop). */
import type { ProxyPaths } from '@room-restyler/core';
import type { ProxyStore } from '../state/store.js';
import type { Upstream } from '../upstream/upstream.js';

export type ReadinessBody = ProxyPaths['/readyz']['get']['responses']['200']['content']['application/json'];
export type ReadinessChecks = ReadinessBody['checks'];

const STORE_EVERY_MS = 1_000;
const UPSTREAM_EVERY_MS = 5_000;
/** A probe of the service that takes longer counts as unreachable. */
const UPSTREAM_TIMEOUT_MS = 3_000;

/** The key read to prove the store answers; never written. */
const PROBE_KEY = 'readyz';

/** Whether the store and the service answer: each asked at most once per interval, concurrent probes sharing one check. */
export type Readiness = () => Promise<ReadinessChecks>;

export function createReadiness({ store, upstream, now }: { store: ProxyStore; upstream: Upstream; now: () => number }): Readiness {
  const storeCheck = cached(() => store.get(PROBE_KEY).then(() => 'ok' as const), STORE_EVERY_MS, now);
  const upstreamCheck = cached(
    async () => {
      const { status } = await upstream.getAccount(AbortSignal.timeout(UPSTREAM_TIMEOUT_MS));
      // A rate-limited service is up; a refused key makes every generation fail.
      if ((status >= 200 && status < 300) || status === 429) return 'ok' as const;
      return status === 401 || status === 403 ? ('refused' as const) : ('unreachable' as const);
    },
    UPSTREAM_EVERY_MS,
    now,
  );
  return async () => {
    const [store, upstream] = await Promise.all([storeCheck(), upstreamCheck()]);
    return { store, upstream };
  };
}

/** A check's last result, asked again only once it is `everyMs` old; a check that throws reads as unreachable. */
function cached<T extends string>(run: () => Promise<T>, everyMs: number, now: () => number): () => Promise<T | 'unreachable'> {
  let last: { at: number; value: T | 'unreachable' } | undefined;
  let running: Promise<T | 'unreachable'> | undefined;
  return () => {
    if (last && now() - last.at < everyMs) return Promise.resolve(last.value);
    running ??= run()
      .catch(() => 'unreachable' as const)
      .then((value) => {
        last = { at: now(), value };
        running = undefined;
        return value;
      });
    return running;
  };
}
