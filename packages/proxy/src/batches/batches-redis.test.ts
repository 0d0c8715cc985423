/** A batch run by one instance is read, followed and cancelled through another sharing its Redis. */

import { waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreamReader } from '../../test/support/harness.js';
import { type Cluster, type Instance, RESTYLE_ROUTE, startCluster } from '../../test/support/proxy-cluster.js';

const TOKEN = 'batch-token-0123456789';
let cluster: Cluster;
let a: Instance;
let b: Instance;

async function twoInstances(options?: { jobMs: number }): Promise<void> {
  cluster = await startCluster(options);
  [a, b] = await Promise.all([cluster.start({ proxy: { batchToken: TOKEN } }), cluster.start({ proxy: { batchToken: TOKEN } })]);
}
afterEach(() => cluster?.close());

const call = (instance: Instance, path: string, init: RequestInit = {}) =>
  fetch(`${instance.url}/api/v1/batches${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  });

async function startBatch(styles: string[]): Promise<string> {
  const body = { operation: 'restyle', photos: [cluster.photoUrl], styles, confirm: true };
  const started = await call(a, '', { method: 'POST', body: JSON.stringify(body) });
  expect(started.status).toBe(201);
  return String(((await started.json()) as { id: string }).id);
}

describe('a batch on two instances sharing Redis', () => {
  it('is followed to its end and read from the instance that does not run it', async () => {
    await twoInstances();
    const id = await startBatch(['modern', 'japandi']);
    const events = new EventStreamReader(call(b, `/${id}/events`));
    await events.ended;
    expect(events.events.filter((event) => event.event === 'item')).toHaveLength(2);
    expect(events.events.at(-1)).toMatchObject({ event: 'end', data: { status: 'ended', succeeded: 2 } });
    const state = (await (await call(b, `/${id}`)).json()) as { status: string; charged: string[] };
    expect(state).toMatchObject({ status: 'ended', charged: ['1-modern', '1-japandi'] });
    expect(cluster.upstream(RESTYLE_ROUTE)).toBe(2);
  });

  it('is cancelled from the instance that does not run it, naming the items charged', async () => {
    // Jobs that outlast the test: the cancel finds them running however slow the machine is.
    await twoInstances({ jobMs: 10 * 60_000 });
    const id = await startBatch(['modern', 'japandi', 'industrial']);
    await waitFor(() => cluster.upstream(RESTYLE_ROUTE) === 3, 'the three items started');
    const cancelled = await call(b, `/${id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    const state = (await cancelled.json()) as { status: string; charged: string[] };
    expect(state.status).toBe('cancelled');
    expect(state.charged).toEqual(['1-modern', '1-japandi', '1-industrial']);
  });
});
