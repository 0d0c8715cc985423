#!/usr/bin/env node
/**
 * `room-restyler-proxy`: prints `proxy listening on http://HOST:PORT` first, then one JSON log line
 * per event. A missing ROOM_API_KEY stops startup (unless --simulate); SIGINT/SIGTERM shut down gracefully.
 */
import { startProxyServer } from './adapters/node.js';
import { parseCliArgs, USAGE } from './cli-args.js';
import type { LogEntry } from './log.js';
import { storeFromEnv } from './state/store-from-env.js';

/** The part of @room-restyler/simulator the CLI uses; loaded only with --simulate. */
interface SimulatorModule {
  startSimulator(options: {
    port: number;
    accounts: Array<{ apiKey: string; credits: number }>;
    latencyMs?: { min: number; max: number };
  }): Promise<{ url: string; close(): Promise<void> }>;
}
const SIMULATOR_MODULE = '@room-restyler/simulator';

async function main(): Promise<void> {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`room-restyler-proxy: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const env = process.env;
  let apiKey = env.ROOM_API_KEY?.trim() ?? '';
  let baseUrl = env.ROOM_API_BASE_URL?.trim() || '';
  let stopSimulator: (() => Promise<void>) | undefined;
  if (args.simulate) {
    const { startSimulator } = (await import(SIMULATOR_MODULE)) as SimulatorModule;
    apiKey = 'sim_proxy_key';
    const latencyMs = parseLatency(env.ROOM_SIMULATOR_LATENCY);
    const simulator = await startSimulator({ port: 0, accounts: [{ apiKey, credits: 1000 }], ...(latencyMs ? { latencyMs } : {}) });
    baseUrl = simulator.url;
    stopSimulator = () => simulator.close();
  } else if (!apiKey) {
    process.stderr.write(
      'room-restyler-proxy: ROOM_API_KEY is not set. Set it to the service key (it stays on this server), or run with --simulate to use the local simulator.\n',
    );
    process.exit(1);
  } else if (!baseUrl) {
    process.stderr.write(
      `room-restyler-proxy: ROOM_API_BASE_URL is not set. Set it to the service origin (paths /api/v1/... are appended).\n`,
    );
    process.exit(1);
  }

  // Log lines wait until the listening line is out, so it is always the first line on stdout.
  const pending: LogEntry[] = [];
  let listening = false;
  const write = (entry: LogEntry) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  const log = (entry: LogEntry) => (listening ? write(entry) : pending.push(entry));

  // Several instances share limits, idempotency and job state through Redis (ROOM_PROXY_REDIS_URL).
  const store = await storeFromEnv(env, { log }).catch((error: unknown) => {
    process.stderr.write(`room-restyler-proxy: ${(error as Error).message}\n`);
    process.exit(1);
  });
  const server = await startProxyServer({
    apiKey,
    baseUrl,
    port: args.port,
    host: args.host,
    secret: env.ROOM_PROXY_SECRET || undefined,
    allowedOrigins: env.ROOM_PROXY_ALLOWED_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.ROOM_PROXY_TRUST_PROXY),
    // The simulator (or the service) fetches uploads from here.
    uploads: { publicUrl: env.ROOM_PROXY_PUBLIC_URL || undefined },
    store,
    log,
  }).catch((error: unknown) => {
    process.stderr.write(`room-restyler-proxy: ${(error as Error).message}\n`);
    process.exit(1);
  });
  process.stdout.write(`proxy listening on ${server.url}\n`);
  listening = true;
  pending.splice(0).forEach(write);
  if (args.simulate && !env.ROOM_PROXY_PUBLIC_URL)
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
}

/** `ROOM_SIMULATOR_LATENCY=MIN-MAX` (ms) shortens simulated jobs for demos and tests; default the service's 10–30 s. */
function parseLatency(value: string | undefined): { min: number; max: number } | undefined {
  const match = /^(\d+)-(\d+)$/.exec(value ?? '');
  return match ? { min: Number(match[1]), max: Number(match[2]) } : undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | undefined {
  if (!value) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  const hops = Number(value);
  return Number.isInteger(hops) && hops >= 0 ? hops : undefined;
}

void main();
