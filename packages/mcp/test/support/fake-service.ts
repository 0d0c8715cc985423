/**
 * A small stand-in for the hosted service, honouring /api/v1 of the contract, used where a test
 * must decide exactly when a job finishes (the real simulator finishes on its own clock).
 * Jobs complete after `pollsToComplete` reads, or only when the test calls `complete(id)`.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeServiceOptions {
  apiKey?: string;
  credits?: number;
  /** Reads before a job succeeds; `manual` waits for `complete(id)`. Default 1. */
  pollsToComplete?: number | 'manual';
  imagesPerJob?: number;
  /** Output image size; noisy pixels make large files (for the preview budget). */
  imageSize?: { width: number; height: number };
  /** Refuse every generation with 429 and this `Retry-After` (seconds). */
  rateLimitStartsFor?: number;
}

interface Job {
  id: string;
  operation: string;
  body: Record<string, unknown>;
  polls: number;
  status: string;
  error?: string;
}

export interface FakeService {
  url: string;
  /** Emits `poll` (job id) on every prediction read and `start` (job) on every accepted generation. */
  events: EventEmitter;
  jobs: Map<string, Job>;
  credits(): number;
  complete(id: string): void;
  fail(id: string, error: string): void;
  close(): Promise<void>;
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const apiKey = options.apiKey ?? 'sim_test_key';
  let credits = options.credits ?? 100;
  const imagesPerJob = options.imagesPerJob ?? 1;
  const size = options.imageSize ?? { width: 64, height: 48 };
  const image = await noisyPng(size.width, size.height);
  const jobs = new Map<string, Job>();
  const events = new EventEmitter();
  let counter = 0;
  let url = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const imageMatch = /^\/images\/([^/]+)\/(\d+)\.png$/.exec(path);
    if (req.method === 'GET' && imageMatch) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': image.length });
      res.end(image);
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'Invalid API key' });
    if (req.method === 'GET' && path === '/api/v1/me')
      return send(res, 200, {
        user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10',
        email: 'agent@example.com',
        subscription: 'Pro',
        credits_remaining: credits,
      });
    const startMatch = /^\/api\/v1\/(enhance|restyle)$/.exec(path);
    if (req.method === 'POST' && startMatch && options.rateLimitStartsFor !== undefined) {
      res.setHeader('Retry-After', String(options.rateLimitStartsFor));
      return send(res, 429, { error: 'Too many requests' });
    }
    if (req.method === 'POST' && startMatch) {
      const body = JSON.parse((await text(req)) || '{}') as Record<string, unknown>;
      if (typeof body.image_url !== 'string') return send(res, 400, { error: 'image_url is required' });
      if (body.image_url.includes('unreachable')) return send(res, 400, { error: 'image_url could not be downloaded' });
      if (credits < imagesPerJob) return send(res, 402, { error: 'Insufficient credits', credits_remaining: credits });
      credits -= imagesPerJob;
      const job: Job = { id: `job_${++counter}`, operation: startMatch[1] ?? '', body, polls: 0, status: 'starting' };
      jobs.set(job.id, job);
      events.emit('start', job);
      return send(res, 200, { success: true, request_id: job.id, message: `Generation started. Poll /api/v1/prediction/${job.id}` });
    }
    const predictionMatch = /^\/api\/v1\/prediction\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && predictionMatch) {
      const job = jobs.get(decodeURIComponent(predictionMatch[1] ?? ''));
      if (!job) return send(res, 404, { error: 'Prediction not found' });
      job.polls++;
      if (job.status === 'starting') job.status = 'processing';
      if (options.pollsToComplete !== 'manual' && job.polls >= (options.pollsToComplete ?? 1) && job.status === 'processing')
        job.status = 'succeeded';
      events.emit('poll', job.id);
      return send(res, 200, predictionOf(job));
    }
    send(res, 404, { error: 'Not found' });
  }

  function predictionOf(job: Job) {
    if (job.status === 'succeeded')
      return {
        id: job.id,
        status: 'succeeded',
        output: Array.from({ length: imagesPerJob }, (_, i) => `${url}/images/${job.id}/${i + 1}.png`),
        completed_at: new Date().toISOString(),
      };
    return { id: job.id, status: job.status, ...(job.error ? { error: job.error, completed_at: new Date().toISOString() } : {}) };
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    events,
    jobs,
    credits: () => credits,
    complete(id) {
      const job = jobs.get(id);
      if (job) job.status = 'succeeded';
    },
    fail(id, error) {
      const job = jobs.get(id);
      if (job) Object.assign(job, { status: 'failed', error });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Random pixels compress badly, so a large size gives a realistically heavy file. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 0x9e3779b9;
  for (let i = 0; i < pixels.length; i++) {
    // xorshift32: cheap, deterministic, and incompressible enough.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
