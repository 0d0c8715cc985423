/**
 * One scriptable fake of the hosted service for every package's tests. It behaves like the
 * service by default (auth, credits, idempotency keys, jobs that finish after a number of reads or
 * when the test says) and answers any route from a script when a test needs a fault. Every answer
 * it gives is checked against openapi/room-api.yaml; an answer off the contract fails `close()`,
 * unless the script marks it `offContract` (a test of how clients survive a misbehaving service).
 *
 * The same handler serves in-process (`fetch`, no socket) and over loopback HTTP (`url`), where a
 * scripted `reset` drops the connection and `hang` never answers.
 */
import { EventEmitter } from 'node:events';
import { validateResponse } from '../contract.js';
import { TEST_API_KEY } from '../key-guard.js';
import { type AckShape, type GenerationRoute, generationRoutes } from './generation-routes.js';
import { outputImage } from './images.js';
import { serveOverHttp } from './serve.js';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/prediction/job_1`. */
  path: string;
  headers: Headers;
  body: string;
}

export type ScriptedReply =
  /** A JSON body; a string body with a non-JSON `content-type` is sent as is; no body, an empty one. */
  | { status: number; body?: unknown; headers?: Record<string, string>; offContract?: boolean }
  /**
   * Drop the connection after reading the request (in-process: a network error). With
   * `afterDefault`, the service first does what it does by default — a start creates and charges
   * its job — and then the answer is lost.
   */
  | { reset: true; afterDefault?: boolean }
  /** Never answer (until the caller aborts or the fake closes). */
  | { hang: true };

export type Script = ScriptedReply | ((request: RecordedRequest, service: FakeService) => ScriptedReply | Promise<ScriptedReply>);

export interface FakeJob {
  id: string;
  /** The spec's operationId: `enhance`, `restyle`, `clearSky`, … */
  operation: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** Prediction reads so far. */
  reads: number;
  status: string;
  error?: string | undefined;
  createdAt: string;
  completedAt?: string | undefined;
}

export interface FakeServiceOptions {
  apiKey?: string;
  credits?: number;
  /** Reads before a job succeeds; `manual` waits for `complete(id)`. Default 1. */
  readsToComplete?: number | 'manual';
  imagesPerJob?: number;
  /** Output image size; `noisy` makes realistically heavy files. Default 64×48, flat. */
  image?: { width: number; height: number; noisy?: boolean };
  /** Headers added to every answer, e.g. ones a proxy must never pass on to browsers. */
  headers?: Record<string, string>;
  /** The acknowledgement (and 402 body) of a path documented in both shapes; a path with one answers that one. Default `generation`. */
  ackShape?: AckShape;
}

export interface FakeService {
  /** `http://127.0.0.1:PORT`, the origin to give a client as its base URL. */
  url: string;
  /** The same service in-process, for code that takes a fetch function. */
  fetch: typeof fetch;
  requests: RecordedRequest[];
  jobs: Map<string, FakeJob>;
  /** Emits `start` (FakeJob) on every accepted generation and `read` (FakeJob) on every prediction read. */
  events: EventEmitter;
  /** Requests whose path starts with `prefix` (and, when given, used `method`). */
  count(prefix: string, method?: string): number;
  credits(): number;
  setCredits(credits: number): void;
  /**
   * Answers `METHOD /path` from these replies, in order; the last one repeats. A `*` in the path
   * matches one segment (`GET /api/v1/prediction/*`).
   */
  on(route: string, ...replies: Script[]): void;
  /** Like `on`, but each reply answers once; then the default behaviour resumes. */
  once(route: string, ...replies: Script[]): void;
  complete(id: string): void;
  fail(id: string, error: string): void;
  /** Answers the contract violations seen so far (also thrown by `close`). */
  violations(): string[];
  close(): Promise<void>;
}

export class NetworkReset extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  }
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const apiKey = options.apiKey ?? TEST_API_KEY;
  let credits = options.credits ?? 100;
  const imagesPerJob = options.imagesPerJob ?? 1;
  const ackShape = options.ackShape ?? 'generation';
  const routes = generationRoutes();
  const { width = 64, height = 48, noisy = false } = options.image ?? {};
  const image = await outputImage({ width, height }, noisy);
  const requests: RecordedRequest[] = [];
  const jobs = new Map<string, FakeJob>();
  const events = new EventEmitter();
  const scripts: Array<{ method: string; pattern: RegExp; replies: Script[]; repeatLast: boolean }> = [];
  const problems: string[] = [];
  const hanging = new Set<() => void>();
  let counter = 0;
  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...options.headers, ...headers } });

  const service: FakeService = {
    url: '',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
    requests,
    jobs,
    events,
    count: (prefix, method) => requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)).length,
    credits: () => credits,
    setCredits(value) {
      credits = value;
    },
    on: (route, ...replies) => addScript(route, replies, true),
    once: (route, ...replies) => addScript(route, replies, false),
    complete(id) {
      finish(jobOf(id), 'succeeded');
    },
    fail(id, error) {
      const job = jobOf(id);
      finish(job, 'failed');
      job.error = error;
    },
    violations: () => [...problems],
    async close() {
      for (const release of hanging) release();
      await server.close();
      if (problems.length) throw new Error(`the fake service answered off the contract:\n${problems.join('\n')}`);
    },
  };

  function addScript(route: string, replies: Script[], repeatLast: boolean): void {
    const [method = '', path = ''] = route.split(' ');
    const pattern = new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}(?:\\?.*)?$`);
    scripts.unshift({ method, pattern, replies: [...replies], repeatLast });
  }

  function scriptFor(request: RecordedRequest): Script | undefined {
    for (const [i, script] of scripts.entries()) {
      if (script.method !== request.method || !script.pattern.test(request.path)) continue;
      if (script.repeatLast && script.replies.length === 1) return script.replies[0];
      const next = script.replies.shift();
      if (script.replies.length === 0) scripts.splice(i, 1);
      return next;
    }
    return undefined;
  }

  function jobOf(id: string): FakeJob {
    const job = jobs.get(id);
    if (!job) throw new Error(`the fake service has no job ${id}`);
    return job;
  }

  function finish(job: FakeJob, status: string): void {
    job.status = status;
    job.completedAt = new Date().toISOString();
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text(),
    };
    requests.push(recorded);
    const script = scriptFor(recorded);
    if (script) return scripted(typeof script === 'function' ? await script(recorded, service) : script, recorded, request.signal);
    return checked(recorded, await byDefault(recorded, url.pathname));
  }

  async function scripted(reply: ScriptedReply, recorded: RecordedRequest, signal: AbortSignal): Promise<Response> {
    if ('reset' in reply) {
      if (reply.afterDefault) await checked(recorded, await byDefault(recorded, new URL(recorded.path, 'http://fake').pathname));
      throw new NetworkReset();
    }
    if ('hang' in reply)
      return new Promise((_resolve, reject) => {
        const release = () => {
          hanging.delete(release);
          reject(signal.aborted ? signal.reason : new NetworkReset());
        };
        hanging.add(release);
        signal.addEventListener('abort', release, { once: true });
      });
    const raw = typeof reply.body === 'string' && !reply.headers?.['content-type']?.includes('json');
    const response =
      raw || reply.body === undefined
        ? new Response(reply.body as string | undefined, { status: reply.status, headers: { ...options.headers, ...reply.headers } })
        : respond(reply.status, reply.body, reply.headers);
    return reply.offContract ? response : checked(recorded, response);
  }

  /** Records a problem when the answer is not what the spec promises for this request. */
  async function checked(recorded: RecordedRequest, response: Response): Promise<Response> {
    if (!recorded.path.startsWith('/api/')) return response;
    const body = response.headers.get('content-type')?.includes('json') ? await response.clone().json() : undefined;
    const found = validateResponse({
      method: recorded.method,
      path: recorded.path,
      status: response.status,
      body,
      headers: response.headers,
    });
    for (const problem of found) problems.push(`${recorded.method} ${recorded.path} → ${response.status}: ${problem}`);
    return response;
  }

  async function byDefault(request: RecordedRequest, pathname: string): Promise<Response> {
    const output = /^\/outputs\/([^/]+)\/(\d+)\.png$/.exec(pathname);
    if (request.method === 'GET' && output) return new Response(new Uint8Array(image), { headers: { 'content-type': 'image/png' } });
    if (request.headers.get('authorization') !== `Bearer ${apiKey}`) return respond(401, { error: 'Invalid API key' });
    if (request.method === 'GET' && pathname === '/api/v1/me')
      return respond(200, {
        user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10',
        email: 'agent@example.com',
        subscription: 'pro',
        credits_remaining: credits,
      });
    const start = routes.get(pathname);
    if (request.method === 'POST' && start) return startJob(request, start);
    if (request.method === 'GET' && pathname === '/api/v1/predictions') return listJobs(new URL(request.path, 'http://fake').searchParams);
    const read = /^\/api\/v1\/prediction\/([^/]+)$/.exec(pathname);
    if (request.method === 'GET' && read) {
      const job = jobs.get(decodeURIComponent(read[1] as string));
      if (!job) return respond(404, { error: 'Prediction not found' });
      job.reads++;
      if (job.status === 'starting') job.status = 'processing';
      const after = options.readsToComplete ?? 1;
      if (after !== 'manual' && job.reads >= after && job.status === 'processing') finish(job, 'succeeded');
      events.emit('read', job);
      return respond(200, predictionOf(job));
    }
    return respond(404, { error: 'Not found' });
  }

  function startJob(request: RecordedRequest, route: GenerationRoute): Response {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body || '{}') as Record<string, unknown>;
    } catch {
      return respond(400, { error: 'Invalid JSON body' });
    }
    const missing = route.required.find((field) => body[field] === undefined);
    if (missing) return respond(400, { error: `${missing} is required` });
    const shape = route.acks.includes(ackShape) ? ackShape : (route.acks[0] ?? 'generation');
    const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
    const replay = idempotencyKey && [...jobs.values()].find((job) => job.idempotencyKey === idempotencyKey);
    if (replay) return ack(replay, shape);
    const cost = route.credits * imagesPerJob;
    if (credits < cost)
      return respond(
        402,
        shape === 'job' ? { error: 'Not enough generations' } : { error: 'Insufficient credits', credits_remaining: credits },
      );
    credits -= cost;
    const job: FakeJob = {
      id: `job_${++counter}`,
      operation: route.operation,
      body,
      idempotencyKey,
      reads: 0,
      status: 'starting',
      createdAt: new Date().toISOString(),
    };
    jobs.set(job.id, job);
    events.emit('start', job);
    return ack(job, shape);
  }

  function ack(job: FakeJob, shape: AckShape): Response {
    if (shape === 'job') return respond(200, { requestId: job.id, status: 'starting', remainingGenerations: credits });
    return respond(200, {
      success: true,
      request_id: job.id,
      message: `Generation started. Poll /api/v1/prediction/${job.id} for results.`,
    });
  }

  const outputOf = (job: FakeJob) => Array.from({ length: imagesPerJob }, (_, i) => `${service.url}/outputs/${job.id}/${i + 1}.png`);

  function predictionOf(job: FakeJob): Record<string, unknown> {
    if (job.status === 'succeeded') return { status: 'succeeded', output: outputOf(job), completed_at: job.completedAt };
    return { status: job.status, ...(job.error ? { error: job.error } : {}) };
  }

  /** `GET /api/v1/predictions?limit=N`: the newest jobs first, 20 unless `limit` (1..100) says otherwise. */
  function listJobs(search: URLSearchParams): Response {
    const limit = Number(search.get('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return respond(400, { error: 'limit must be an integer from 1 to 100' });
    const predictions = [...jobs.values()]
      .reverse()
      .slice(0, limit)
      .map((job) => ({
        prediction_id: job.id,
        status: job.status,
        output: job.status === 'succeeded' ? outputOf(job) : null,
        error: job.error ?? null,
        created_at: job.createdAt,
        completed_at: job.completedAt ?? null,
      }));
    return respond(200, { predictions, count: predictions.length });
  }

  const server = await serveOverHttp(handle);
  service.url = server.url;
  return service;
}
