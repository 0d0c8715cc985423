/**
 * Run by src/upstream/hung-upstream.test.ts under `node --expose-gc`: the proxy's upstream against
 * a service that accepts every request and never answers, while the garbage collector runs all
 * the time. Prints one JSON line: how each call ended.
 */
import { systemClock } from '@room-restyler/core';
import { type Settled, settlesWithin, startGcPressure } from '@room-restyler/test-kit';
import { ProxyHttpError } from '../../src/http/responses.js';
import { silentLogger } from '../../src/log.js';
import { createUpstream } from '../../src/upstream/upstream.js';

// A call the lost signal leaves hanging stays pending this long: far past its 1 s, even on a loaded machine.
const LIMIT_MS = 60_000;
const upstream = (upstreamTimeoutMs: number) =>
  createUpstream({
    baseUrl: process.argv[2] ?? '',
    apiKey: 'k',
    fetch: (input, init) => fetch(input, init),
    upstreamTimeoutMs,
    clock: systemClock,
    log: silentLogger,
  });

const pressure = startGcPressure();
const [read, start, abort] = await Promise.all([
  settlesWithin(() => upstream(1_000).getPrediction('p1'), LIMIT_MS),
  settlesWithin(
    () =>
      upstream(1_000).startGeneration('restyle', { image_url: 'https://example.com/r.jpg', style: 'coastal' }, { client: new Headers() }),
    LIMIT_MS,
  ),
  settlesWithin(() => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000);
    return upstream(60_000).getPrediction('p1', controller.signal);
  }, LIMIT_MS),
]);
const collections = pressure.stop();

function summary(settled: Settled<unknown>) {
  const error = settled.state === 'rejected' && settled.error instanceof ProxyHttpError ? settled.error : undefined;
  return { state: settled.state, ms: settled.ms, status: error?.status, code: error?.code };
}
console.log(JSON.stringify({ read: summary(read), start: summary(start), abort: summary(abort), collections }));
process.exit(0);
