/**
 * Timeouts and aborts that fire on Node 20: the built package, in a child `node --expose-gc` that
 * collects garbage all the time, against a server that accepts and never answers. A transport that
 * hands Node's fetch a `Request` loses its signal after a collection (nodejs/undici#4068) and these
 * calls then never end (they were all still pending after 5 s before the transport sent `fetch(url, init)`).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type FakeService, startFakeService } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('gc/hung-calls.mjs', import.meta.url));

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(() => service.close());

describe('a server that never answers, under garbage-collection pressure', () => {
  it('a 1 s timeout, an abort after 1 s and a 1 s wait each end the call with the right error: none is left hanging', async () => {
    service.on('GET /api/v1/prediction/p1', { hang: true });
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', SCRIPT, service.url], { timeout: 180_000 });
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');

    expect(report.collections).toBeGreaterThanOrEqual(3);
    expect(report.timeout).toMatchObject({ state: 'rejected', name: 'TimeoutError', code: 'timeout', isTimeoutError: true });
    expect(report.abort).toMatchObject({ state: 'rejected', name: 'AbortError', code: 'aborted' });
    expect(report.wait).toMatchObject({ state: 'rejected', name: 'TimeoutError', requestId: 'p1', isTimeoutError: true });
    // Not at once either: the timeouts fire when they are due.
    expect(report.timeout.ms).toBeGreaterThanOrEqual(950);
    expect(report.wait.ms).toBeGreaterThanOrEqual(950);
  });
});
