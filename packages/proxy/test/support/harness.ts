/**
 * A proxy on a real loopback port (Node adapter), in front of the kit's fake service (called
 * in-process), with a manual clock and a guarded logger; visitors are cookie jars whose every
 * response is inspected for the key.
 */

import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FakeService,
  type FakeServiceOptions,
  guardedLog,
  type Inspected,
  inspect,
  ManualClock,
  type RecordedRequest,
  type ScriptedReply,
  scan,
  startFakeService,
  TEST_API_KEY,
} from '@room-restyler/test-kit';
import {
  createSharpImageProcessor,
  type ProxyServer,
  type ProxyServerOptions,
  type RoomProxy,
  startProxyServer,
} from '../../src/node/index.js';
import type { RoomProxyOptions } from '../../src/options.js';
import { createRoomProxy } from '../../src/proxy.js';
import { createSigner } from '../../src/security/keys.js';
import { randomId } from '../../src/util/base64url.js';
import { createMemoryUploadStore } from './memory-upload-store.js';

export const TEST_SECRET = 'test-secret-0123456789abcdef';
export const IMAGE_URL = 'https://photos.example.com/room.jpg';

/**
 * The fake service as the proxy's tests want it: jobs finish only when a test says so
 * (`complete`/`fail`), and every answer carries headers the proxy must never pass on to browsers.
 */
export const UPSTREAM_ONLY_HEADERS = { 'x-upstream-internal': 'secret-route-7', 'set-cookie': 'upstream_session=1' };

export function startUpstream(options: FakeServiceOptions = {}): Promise<FakeService> {
  return startFakeService({ readsToComplete: 'manual', headers: UPSTREAM_ONLY_HEADERS, ...options });
}

export interface Harness {
  url: string;
  server: ProxyServer;
  upstream: FakeService;
  clock: ManualClock;
  logs: string[];
  visitor(headers?: Record<string, string>): Visitor;
  close(): Promise<void>;
}

/** Closes the fake service it started (which fails on any answer off the contract); one passed in stays the caller's. */
export async function startHarness(
  options: Partial<ProxyServerOptions> & { upstream?: FakeService; clock?: ManualClock } = {},
): Promise<Harness> {
  const { upstream: given, clock = new ManualClock(), ...proxyOptions } = options;
  const upstream = given ?? (await startUpstream());
  const { log, lines } = guardedLog();
  const server = await startProxyServer({
    apiKey: TEST_API_KEY,
    baseUrl: upstream.url,
    secret: TEST_SECRET,
    port: 0,
    fetch: upstream.fetch,
    clock,
    log,
    uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor() },
    ...proxyOptions,
  });
  return {
    url: server.url,
    server,
    upstream,
    clock,
    logs: lines,
    visitor: (headers) => new Visitor(server.url, headers),
    async close() {
      await server.close();
      if (!given) await upstream.close();
    },
  };
}

export interface BareProxy {
  proxy: RoomProxy;
  upstream: FakeService;
  /** Closes the proxy, then the fake service (which fails on any answer off the contract). */
  close(): Promise<void>;
}

/** The fetch-standard proxy alone, no server, in front of a fresh fake service: for the adapters' own tests. */
export async function startBareProxy(options: Partial<RoomProxyOptions> = {}): Promise<BareProxy> {
  const upstream = await startUpstream();
  const proxy = createRoomProxy({
    apiKey: TEST_API_KEY,
    baseUrl: upstream.url,
    secret: TEST_SECRET,
    fetch: upstream.fetch,
    log: guardedLog().log,
    ...options,
  });
  return {
    proxy,
    upstream,
    async close() {
      await proxy.close();
      await upstream.close();
    },
  };
}

/** A node:http server with `listener` on a free loopback port. */
export async function listen(listener: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A valid visitor cookie, as the proxy would have issued it (for tests that start with a known visitor). */
export async function visitorCookie(secret = TEST_SECRET): Promise<string> {
  const id = randomId(16);
  return `rr_visitor=${id}.${await createSigner(secret).sign('visitor', id)}`;
}

/** Everything browser-like clients of this process were sent (heads, bodies, event streams), for scans. */
export const browserTranscript: string[] = [];

const headText = (response: Response) => [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');

/**
 * A browser-like client: keeps the proxy's visitor cookie and, as the widget does, sends a paid
 * request again once when the proxy answered it 428 `visitor_cookie_required` (setting the cookie).
 * `bare: true` shows the 428 itself.
 */
export class Visitor {
  cookie: string | undefined;
  readonly #base: string;
  readonly #headers: Record<string, string>;

  constructor(base: string, headers: Record<string, string> = {}) {
    this.#base = base;
    this.#headers = headers;
  }

  async raw(path: string, init: RequestInit & { bare?: boolean } = {}): Promise<Response> {
    const { bare, ...request } = init;
    const hadCookie = this.cookie !== undefined;
    const response = await this.#send(path, request);
    if (bare || hadCookie || response.status !== 428) return response;
    await response.body?.cancel();
    return this.#send(path, request);
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers({ ...this.#headers });
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await fetch(`${this.#base}${path}`, { ...init, headers });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('rr_visitor='));
    if (set) this.cookie = set.split(';')[0];
    return response;
  }

  async request(path: string, init: RequestInit & { bare?: boolean } = {}): Promise<Inspected> {
    const response = await this.raw(path, init);
    const inspected = await inspect(response);
    browserTranscript.push(`${response.status}\n${headText(response)}\n\n${inspected.text}`);
    return inspected;
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Inspected> {
    return this.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  }

  restyle(headers: Record<string, string> = {}, body: unknown = { image_url: IMAGE_URL, style: 'modern' }): Promise<Inspected> {
    return this.post('/api/v1/restyle', body, headers);
  }

  /** Follows an event stream, recording events as they arrive. */
  events(handle: string): EventStreamReader {
    return new EventStreamReader(this.raw(`/api/v1/prediction/${handle}/events`));
  }
}

export interface ServerSentEvent {
  event: string;
  data: Record<string, unknown>;
}

export class EventStreamReader {
  readonly events: ServerSentEvent[] = [];
  comments = 0;
  status = 0;
  readonly ended: Promise<void>;
  readonly #abort = new AbortController();

  constructor(response: Promise<Response>) {
    this.ended = this.#read(response).catch(() => {});
  }

  async #read(responsePromise: Promise<Response>): Promise<void> {
    const response = await responsePromise;
    this.status = response.status;
    response.headers.forEach((value, name) => {
      scan(`${name}: ${value}`, 'event stream header');
    });
    browserTranscript.push(headText(response));
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    this.#abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      scan(value, 'event stream');
      browserTranscript.push(value);
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) this.comments += 1;
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data) this.events.push({ event: name, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  }

  close(): void {
    this.#abort.abort();
  }
}

/**
 * A scripted answer to a generation POST that lets the service accept the job first: with
 * `{ reset: true }` the connection dies after the job was created (its answer is lost), with
 * `{ hang: true }` the answer never comes (a timeout, or a proxy that died while waiting), with a
 * `{ status: 500 }` the service fails after it created and charged the job.
 */
export function acceptedThen(reply: ScriptedReply): (request: RecordedRequest, service: FakeService) => Promise<ScriptedReply> {
  return async (request, service) => {
    await service.fetch(`${service.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    return reply;
  };
}
