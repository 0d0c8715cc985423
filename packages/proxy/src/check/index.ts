/** The proxy bin's `--check`: what the environment configures, one check per line. */
import { type Check, serviceChecks } from '@room-restyler/core/cli';
import type { ProxyEnv } from '../cli/env.js';
import { keyShare } from './key-share.js';
import { originsCheck } from './origins.js';
import { publicUrlCheck } from './public-url.js';
import { redisCheck } from './redis.js';
import { sharpCheck } from './sharp.js';
import { uploadDirCheck } from './upload-dir.js';
import { widgetCheck } from './widget.js';

export function proxyChecks(env: ProxyEnv, processEnv: Record<string, string | undefined>): Check[] {
  return [
    ...serviceChecks({ apiKey: env.apiKey, baseUrl: env.baseUrl }),
    redisCheck(processEnv.ROOM_PROXY_REDIS_URL?.trim()),
    sharpCheck(),
    uploadDirCheck(),
    widgetCheck(),
    originsCheck(env.allowedOrigins),
    publicUrlCheck(env.publicUrl),
    keyShare(env, processEnv),
  ];
}
