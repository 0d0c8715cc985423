#!/usr/bin/env node
/** `room-restyler-proxy`: prints `proxy listening on http://HOST:PORT` first, then one JSON log line per event. */
import { readPort, readUrl, runChecks, runCli, UsageError } from '@room-restyler/core/cli';
import { proxyChecks } from './check/index.js';
import { DEFAULT_PORT, PROXY_FLAGS, proxyEnv, USAGE } from './cli/env.js';
import { jsonLinesLogger, type LogEntry } from './log.js';
import { startProxyServer } from './node/index.js';
import { importPeer } from './node/optional-peer.js';
import { storeFromEnv } from './node/redis/store.js';
import { VERSION } from './version.js';

const SIMULATOR_KEY = 'sim_proxy_key';

await runCli(process, { name: 'room-restyler-proxy', version: VERSION, usage: USAGE, flags: PROXY_FLAGS }, async (flags) => {
  const port = flags.port === undefined ? DEFAULT_PORT : readPort('--port', flags.port);
  const env = proxyEnv(process.env);
  if (flags.check) return runChecks(process, proxyChecks(env, process.env));
  // The rest of the settings are the proxy's options of the same names.
  let { apiKey, baseUrl, publicUrl, imageOrigins, imagePorts, simulatorLatencyMs, ...options } = env;
  let stopSimulator: (() => Promise<void>) | undefined;
  // The in-process simulator fetches this proxy's own uploads (127.0.0.1, localhost…), and no other private host.
  let uploadOrigins = new Set<string>();
  if (flags.simulate) {
    const { startSimulator } = await importPeer('@room-restyler/simulator', '--simulate', () => import('@room-restyler/simulator'));
    const simulator = await startSimulator({
      port: 0,
      accounts: [{ apiKey: SIMULATOR_KEY, credits: 1000 }],
      ...(simulatorLatencyMs ? { latencyMs: simulatorLatencyMs } : {}),
      imageFetch: { allowPrivate: (origin: string) => options.allowPrivateImageUrls || uploadOrigins.has(origin) },
    });
    apiKey = SIMULATOR_KEY;
    baseUrl = simulator.url;
    stopSimulator = () => simulator.close();
  } else if (!apiKey) {
    throw new UsageError(
      'ROOM_API_KEY is not set. Set it to the service key (it stays on this server), or run with --simulate to use the local simulator.',
    );
  } else if (!baseUrl) {
    throw new UsageError('ROOM_API_BASE_URL is not set. Set it to the service origin (paths /api/v1/... are appended).');
  }

  // Log lines wait until the listening line is out, so it is always the first line on stdout.
  const pending: LogEntry[] = [];
  let listening = false;
  const log = (entry: LogEntry) => (listening ? jsonLinesLogger(entry) : pending.push(entry));

  // Several instances share limits, idempotency and job state through Redis (ROOM_PROXY_REDIS_URL).
  const store = await storeFromEnv(process.env, { log });
  // A proxy that cannot listen must exit (so a supervisor restarts it): the open store would keep it alive.
  const server = await startProxyServer({
    ...options,
    apiKey,
    baseUrl,
    port,
    host: flags.host,
    allowedImageOrigins: flags['image-origin']?.map((origin) => readUrl('--image-origin', origin)) ?? imageOrigins,
    allowedImagePorts: imagePorts,
    // The simulator (or the service) fetches uploads from here.
    uploads: { publicUrl },
    store,
    log,
  }).catch(async (error: unknown) => {
    await store?.close();
    await stopSimulator?.();
    throw error;
  });
  uploadOrigins = new Set(
    [publicUrl ?? server.url, `http://localhost:${server.port}`, `http://[::1]:${server.port}`].map((url) => new URL(url).origin),
  );
  process.stdout.write(`proxy listening on ${server.url}\n`);
  listening = true;
  for (const entry of pending.splice(0)) jsonLinesLogger(entry);
  if (flags.simulate && !publicUrl)
    log({ level: 'info', msg: 'simulate: uploads are served to the in-process simulator from this address' });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ level: 'info', msg: 'shutting down', signal });
    await server.close();
    await store?.close();
    await stopSimulator?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
});
