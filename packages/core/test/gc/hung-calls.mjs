// Run by test/hung-calls.test.ts as `node --expose-gc hung-calls.mjs <base url>`: the built package,
// imported as a user imports it, against a server that accepts every request and never answers,
// while the garbage collector runs all the time. Prints one JSON line: how each call ended.
import { createRoomClient, TimeoutError } from '@room-restyler/core';
import { settlesWithin, startGcPressure } from '@room-restyler/test-kit';

// A call the lost signal leaves hanging stays pending this long: far past its 1 s, even on a loaded machine.
const LIMIT_MS = 60_000;
const client = createRoomClient({ baseUrl: process.argv[2], apiKey: 'k' });
const aborted = new AbortController();
setTimeout(() => aborted.abort(), 1_000);

const pressure = startGcPressure();
const [timeout, abort, wait] = await Promise.all([
  settlesWithin(() => client.getPrediction('p1', { timeoutMs: 1_000 }), LIMIT_MS),
  settlesWithin(() => client.getPrediction('p1', { signal: aborted.signal }), LIMIT_MS),
  settlesWithin(() => client.waitForPrediction('p1', { timeoutMs: 1_000 }), LIMIT_MS),
]);
const collections = pressure.stop();

/** @param {import('@room-restyler/test-kit').Settled<unknown>} settled */
function summary(settled) {
  const error = settled.state === 'rejected' ? settled.error : undefined;
  return {
    state: settled.state,
    ms: settled.ms,
    name: error?.name,
    code: error?.code,
    requestId: error?.requestId,
    isTimeoutError: error instanceof TimeoutError,
  };
}
console.log(JSON.stringify({ timeout: summary(timeout), abort: summary(abort), wait: summary(wait), collections }));
process.exit(0);
