/**
 * `key share`: whether the account's recent jobs include some this deployment did not start. With
 * ROOM_PROXY_REDIS_URL the start ledger every instance writes is read from Redis; without it, it
 * lives in the running proxy's memory and cannot be read from here.
 */
import { type Check, keyShareCheck } from '@room-restyler/core/cli';
import { StartLedger } from '@room-restyler/core/internal';
import type { ProxyEnv } from '../cli/env.js';
import { storeFromEnv } from '../node/redis/store-from-env.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../options.js';

export function keyShare(env: ProxyEnv, processEnv: Record<string, string | undefined>): Check {
  return keyShareCheck({
    apiKey: env.apiKey,
    baseUrl: env.baseUrl,
    async openLedger() {
      if (!processEnv.ROOM_PROXY_REDIS_URL?.trim())
        return 'no shared store: the start ledger lives in the running proxy’s memory (ROOM_PROXY_REDIS_URL)';
      const store = await storeFromEnv(processEnv).catch(() => undefined);
      if (!store) return 'Redis, which holds the start ledger, did not answer';
      const ledger = new StartLedger(store, { upstreamTimeoutMs: env.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS });
      return { ledger, close: () => store.close() };
    },
  });
}
