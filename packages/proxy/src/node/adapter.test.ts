/** The Node adapter: mounting under a prefix in a plain node:http server, health, graceful shutdown. */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedLog, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, startUpstream, Visitor } from '../../test/support/harness.js';
import { type ConnectionInfo, createRoomProxy, toNodeHandler } from './index.js';

let h: Harness | undefined;
afterEach(() => h?.close());

describe('Node adapter', () => {
  it('answers /healthz without calling the service', async () => {
    h = await startHarness();
    const health = await h.visitor().request('/healthz');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ ok: true });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('mounts under a prefix inside an existing server, other paths stay the site’s', async () => {
    const upstream = await startUpstream();
    const proxy = createRoomProxy({
      apiKey: TEST_API_KEY,
      baseUrl: upstream.url,
      prefix: '/room-api',
      secret: 'prefix-secret-0123456789',
      fetch: upstream.fetch,
      log: guardedLog().log,
    });
    const handler = toNodeHandler(proxy);
    const server = createServer((req, res) => (req.url?.startsWith('/room-api/') ? handler(req, res) : res.end('site page')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const visitor = new Visitor(`${base}/room-api`);
      const ack = await visitor.restyle();
      expect(ack.status).toBe(200);
      expect(ack.headers.getSetCookie()[0]).toContain('Path=/room-api');
      expect((await visitor.request(`/api/v1/prediction/${String(ack.json.request_id)}`)).json.status).toBe('starting');
      expect((await new Visitor(base).request('/api/v1/restyle', { method: 'POST' })).status).toBe(200); // the site's own handler
      expect((await fetch(`${base}/`)).status).toBe(200);
    } finally {
      await proxy.close();
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
    }
  });

  it('serves through a wrapper function around the proxy too (bodies and cookies pass)', async () => {
    const upstream = await startUpstream();
    const proxy = createRoomProxy({
      apiKey: TEST_API_KEY,
      baseUrl: upstream.url,
      secret: 'wrapper-secret-0123456789',
      fetch: upstream.fetch,
      log: guardedLog().log,
    });
    const seen: string[] = [];
    const wrapped = Object.assign(
      (request: Request, connection?: ConnectionInfo) => {
        seen.push(request.method);
        return proxy(request, connection);
      },
      { prefix: proxy.prefix, close: () => proxy.close() },
    );
    const server = createServer(toNodeHandler(wrapped));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const visitor = new Visitor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const ack = await visitor.restyle();
      expect(ack.status).toBe(200);
      expect((await visitor.request(`/api/v1/prediction/${String(ack.json.request_id)}`)).json.status).toBe('starting');
      expect(seen).toEqual(['POST', 'GET']);
    } finally {
      await proxy.close();
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
    }
  });

  it('shuts down gracefully: open event streams end and close() resolves', async () => {
    h = await startHarness();
    const visitor = h.visitor();
    const handle = String((await visitor.restyle()).json.request_id);
    const viewer = visitor.events(handle);
    await waitFor(() => viewer.events.length === 1, 'the stream to open');
    await h.close();
    await viewer.ended;
    expect(viewer.events.map((e) => e.data.status)).toEqual(['starting']);
    await expect(fetch(`${h.url}/healthz`)).rejects.toThrow();
    h = undefined;
  });
});
