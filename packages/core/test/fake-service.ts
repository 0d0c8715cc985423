/**
 * A scriptable local HTTP server standing in for the service in core's tests: each route answers
 * from a queue of scripted replies, and every request is recorded (method, path, headers, body).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Destroy the socket without answering, after reading the request. */
  | { reset: true }
  /** Never answer (until the server closes). */
  | { hang: true };

type Route = (request: RecordedRequest) => Reply;

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  /** Script the replies for `METHOD /path`; the last one repeats when the queue runs out. */
  on(route: string, ...replies: Array<Reply | Route>): void;
  close(): Promise<void>;
}

export async function startFakeService(): Promise<FakeService> {
  const routes = new Map<string, Array<Reply | Route>>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
    requests.push(recorded);
    const queue = routes.get(`${recorded.method} ${recorded.path}`);
    const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const reply: Reply =
      next === undefined ? { status: 404, body: { error: 'no route scripted' } } : typeof next === 'function' ? next(recorded) : next;
    if ('reset' in reply) {
      req.socket.destroy();
      return;
    }
    if ('hang' in reply) {
      hanging.add(res);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, ...replies) {
      routes.set(route, replies);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A clock whose time moves only when the code under test sleeps; records every sleep. */
export function virtualClock(start = 0) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
      await Promise.resolve();
      if (signal?.aborted) throw signal.reason;
    },
  };
}
