/** The Node adapter: mounting under a prefix in a plain node:http server, health, graceful shutdown. */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Harness, listen, startBareProxy, startHarness, Visitor } from '../../test/support/harness.js';
import { type ConnectionInfo, toNodeHandler } from './index.js';

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
    const bare = await startBareProxy({ prefix: '/room-api' });
    const handler = toNodeHandler(bare.proxy);
    const server = await listen((req, res) => (req.url?.startsWith('/room-api/') ? handler(req, res) : res.end('site page')));
    const base = server.url;
    try {
      const visitor = new Visitor(`${base}/room-api`);
      const first = await visitor.request('/api/v1/restyle', { method: 'POST', bare: true });
      expect(first.status).toBe(428);
      expect(first.headers.getSetCookie()[0]).toContain('Path=/room-api');
      const ack = await visitor.restyle();
      expect(ack.status).toBe(200);
      expect((await visitor.request(`/api/v1/prediction/${String(ack.json.request_id)}`)).json.status).toBe('starting');
      expect((await new Visitor(base).request('/api/v1/restyle', { method: 'POST' })).status).toBe(200); // the site's own handler
      expect((await fetch(`${base}/`)).status).toBe(200);
    } finally {
      await bare.close();
      await server.close();
    }
  });

  it('mounted by Express at a path its prefix does not name: the terminal says what to pass, once', async () => {
    const bare = await startBareProxy();
    const handler = toNodeHandler(bare.proxy);
    // What app.use('/room-api', handler) hands over: the mount path in req.baseUrl, stripped from req.url.
    const express = (mount: string) => (req: IncomingMessage, res: ServerResponse) =>
      handler(Object.assign(req, { originalUrl: req.url, baseUrl: mount, url: (req.url ?? '/').slice(mount.length) || '/' }), res);
    const server = await listen(express('/room-api'));
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args));
    try {
      expect((await fetch(`${server.url}/room-api/livez`)).status).toBe(404);
      expect((await fetch(`${server.url}/room-api/livez`)).status).toBe(404);
      expect(logged).toEqual([
        [
          "room-restyler proxy: mounted at /room-api but its prefix is the root, so every request there answers 404 — pass prefix: '/room-api' to createRoomProxy",
        ],
      ]);
    } finally {
      spy.mockRestore();
      await bare.close();
      await server.close();
    }
  });

  it('mounted by Express where its prefix says: nothing to say', async () => {
    const bare = await startBareProxy({ prefix: '/room-api' });
    const handler = toNodeHandler(bare.proxy);
    const server = await listen((req, res) =>
      handler(Object.assign(req, { originalUrl: req.url, baseUrl: '/room-api', url: (req.url ?? '/').slice('/room-api'.length) }), res),
    );
    const spy = vi.spyOn(console, 'error');
    try {
      expect((await fetch(`${server.url}/room-api/livez`)).status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      await bare.close();
      await server.close();
    }
  });

  it('serves through a wrapper function around the proxy too (bodies and cookies pass)', async () => {
    const bare = await startBareProxy();
    const { proxy } = bare;
    const seen: string[] = [];
    const wrapped = Object.assign(
      (request: Request, connection?: ConnectionInfo) => {
        seen.push(request.method);
        return proxy(request, connection);
      },
      { prefix: proxy.prefix, close: () => proxy.close() },
    );
    const server = await listen(toNodeHandler(wrapped));
    try {
      const visitor = new Visitor(server.url);
      const ack = await visitor.restyle();
      expect(ack.status).toBe(200);
      expect((await visitor.request(`/api/v1/prediction/${String(ack.json.request_id)}`)).json.status).toBe('starting');
      // The first POST is answered 428 with the visitor cookie, and sent again with it.
      expect(seen).toEqual(['POST', 'POST', 'GET']);
    } finally {
      await bare.close();
      await server.close();
    }
  });

  it('calls a wrapper that copies the proxy’s members, never the proxy’s own view handler behind it', async () => {
    const bare = await startBareProxy();
    const { proxy } = bare;
    expect(typeof proxy.handleView).toBe('function');
    const seen: string[] = [];
    const wrapped = Object.assign((request: Request, connection?: ConnectionInfo) => {
      seen.push(request.method);
      return proxy(request, connection);
    }, proxy);
    const server = await listen(toNodeHandler(wrapped));
    try {
      expect((await new Visitor(server.url).request('/livez')).status).toBe(200);
      expect(seen).toEqual(['GET']);
    } finally {
      await bare.close();
      await server.close();
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
