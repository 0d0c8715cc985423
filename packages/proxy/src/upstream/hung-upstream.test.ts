/**
 * The upstream's timeouts and aborts fire on Node 20 even after garbage collection: it calls
 * `fetch(url, init)`, whose signal Node's fetch keeps (a `Request`'s signal is lost after a
 * collection, nodejs/undici#4068). Run in a child `node --expose-gc` that collects all the time,
 * against a service that accepts and never answers.
 */
import { fileURLToPath } from 'node:url';
import { type FakeService, startFakeService } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exited, runNode } from '../../test/support/run-node.js';

const SCRIPT = fileURLToPath(new URL('../../test/gc/hung-upstream.ts', import.meta.url));

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(() => service.close());

describe('upstream calls to a service that never answers, under garbage-collection pressure', () => {
  it('a 1 s timeout ends a read and a start with 504, an abort ends a read: none is left hanging', async () => {
    service.on('GET /api/v1/prediction/p1', { hang: true });
    service.on('POST /api/v1/restyle', { hang: true });
    const { code, stdout, stderr } = await exited(runNode(SCRIPT, [service.url], { env: { NODE_OPTIONS: '--expose-gc' } }));
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');

    expect(report.collections).toBeGreaterThanOrEqual(3);
    expect(report.read).toMatchObject({ state: 'rejected', status: 504, code: 'upstream_timeout' });
    expect(report.start).toMatchObject({ state: 'rejected', status: 504, code: 'upstream_timeout' });
    expect(report.abort.state).toBe('rejected');
    expect(report.read.ms).toBeGreaterThanOrEqual(1_000);
  });
});
