/** The proxy bin's `--check`: what the environment configures, one check per line after core's service checks. */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { type Check, fail, keyShareCheck, ok, serviceChecks, warn } from '@room-restyler/core/cli';
import { StartLedger } from '@room-restyler/core/internal';
import type { ProxyEnv } from '../cli/env.js';
import { silentLogger } from '../log.js';
import { defaultUploadDir } from '../node/disk-upload-store.js';
import { elementWidget } from '../node/element-widget.js';
import { MissingPeerError } from '../node/optional-peer.js';
import { describeRedisUrl, type StoreEnv, storeFromEnv } from '../node/redis/store.js';
import { loadSharp } from '../node/sharp-image-processor.js';
import { bareOrigin, DEFAULTS } from '../options.js';

export function proxyChecks(env: ProxyEnv, processEnv: Record<string, string | undefined>): Check[] {
  const redisUrl = processEnv.ROOM_PROXY_REDIS_URL?.trim();
  return [
    ...serviceChecks({ apiKey: env.apiKey, baseUrl: env.baseUrl }),
    { label: 'redis', run: () => redisCheck(processEnv, redisUrl) },
    { label: 'sharp', run: sharpCheck },
    { label: 'uploads', run: uploadDirCheck },
    { label: 'widget', run: widgetCheck },
    { label: 'origins', run: async () => originsCheck(env.allowedOrigins) },
    { label: 'public URL', run: async () => publicUrlCheck(env.publicUrl) },
    { label: 'operations', run: async () => operationsCheck(env.operations) },
    keyShareCheck({
      apiKey: env.apiKey,
      baseUrl: env.baseUrl,
      // The start ledger every instance writes is in Redis, or in the running proxy's memory where this cannot read it.
      async openLedger() {
        if (!redisUrl) return 'no shared store: the start ledger lives in the running proxy’s memory (ROOM_PROXY_REDIS_URL)';
        const store = await storeFromEnv(processEnv).catch(() => undefined);
        if (!store) return 'Redis, which holds the start ledger, did not answer';
        const ledger = new StartLedger(store, { upstreamTimeoutMs: env.upstreamTimeoutMs ?? DEFAULTS.upstreamTimeoutMs });
        return { ledger, close: () => store.close() };
      },
    }),
  ];
}

/** Connects as the proxy's start would, failing with the same message; without a URL, the memory store. */
async function redisCheck(env: StoreEnv, url: string | undefined) {
  if (!url) return ok('not set (ROOM_PROXY_REDIS_URL): memory store, one instance only');
  try {
    await (await storeFromEnv(env, { log: silentLogger }))?.close();
  } catch (error) {
    return fail((error as Error).message, 'start Redis or fix ROOM_PROXY_REDIS_URL');
  }
  return ok(`${describeRedisUrl(new URL(url))} answers`);
}

/** Uploads re-encode every photo with sharp. */
async function sharpCheck() {
  try {
    const sharp = await loadSharp();
    return ok(`loaded: sharp ${sharp.versions.sharp ?? '?'}, libvips ${sharp.versions.vips}`);
  } catch (error) {
    if (error instanceof MissingPeerError) return fail('not installed: uploads cannot start', 'npm install sharp');
    return fail(`does not load (${(error as Error).message})`, 'reinstall sharp for this platform: npm install sharp');
  }
}

/** The folder uploads are stored in (ROOM_PROXY_UPLOAD_DIR, default under the OS temp folder) is writable. */
async function uploadDirCheck() {
  const dir = defaultUploadDir();
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.W_OK);
    return ok(`${dir} is writable`);
  } catch (error) {
    return fail(
      `${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'set ROOM_PROXY_UPLOAD_DIR to a folder this process can write',
    );
  }
}

/** The `<room-restyler>` script the proxy serves comes from an installed `@room-restyler/element`. */
async function widgetCheck() {
  const bundle = await elementWidget()();
  if (!bundle) return warn('@room-restyler/element is not installed: /room-restyler.js answers 404', 'npm install @room-restyler/element');
  return ok(`@room-restyler/element ${bundle.version}, served at /room-restyler.js`);
}

/** Each an exact `scheme://host[:port]`; none means same-origin pages only. */
function originsCheck(origins: readonly string[] | undefined) {
  if (!origins?.length) return ok('none set (ROOM_PROXY_ALLOWED_ORIGINS): only pages on the proxy’s own origin may call it');
  // A browser sends `https://shop.example`, never a path or a trailing slash: such an entry matches nothing.
  const wrong = origins.filter((origin) => bareOrigin(origin) !== origin);
  if (wrong.length)
    return fail(`not origins: ${wrong.join(', ')}`, 'write each as scheme://host[:port], no path or trailing slash, comma-separated');
  return ok(origins.join(', '));
}

/** The service fetches uploaded photos from ROOM_PROXY_PUBLIC_URL, so it must be reachable from there. */
function publicUrlCheck(publicUrl: string | undefined) {
  if (publicUrl) return ok(`${publicUrl}: upload URLs start here; the service must be able to reach it`);
  return warn(
    'not set (ROOM_PROXY_PUBLIC_URL): upload URLs name the address each request came in on',
    'behind a load balancer or on localhost, set it to the public address the service can fetch',
  );
}

/** What visitors may start (ROOM_PROXY_OPERATIONS): the env reader already refused unknown names. */
function operationsCheck(operations: readonly string[] | undefined) {
  if (operations === undefined) return ok(`${DEFAULTS.operations.join(', ')} (the default; ROOM_PROXY_OPERATIONS)`);
  if (operations.length === 0)
    return fail('ROOM_PROXY_OPERATIONS names no operation', `list operationIds, e.g. ${DEFAULTS.operations.join(',')}`);
  return ok(operations.join(', '));
}
