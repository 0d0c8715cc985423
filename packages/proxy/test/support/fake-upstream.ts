/**
 * A small in-process stand-in for the service, as a fetch function: it records every call (with
 * headers) so tests can prove what did and did not reach the service.
 */
import { TEST_API_KEY } from './key-guard.js';

export interface UpstreamCall {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

export interface FakeUpstream {
  fetch: typeof fetch;
  calls: UpstreamCall[];
  /** Calls to a path starting with `prefix`. */
  count(prefix: string): number;
  /** Ends a job: `succeeded` with one output, or `failed`. */
  finish(requestId: string, status?: 'succeeded' | 'failed'): void;
  /** The next generation POST answers with this status and body instead. */
  failNextStart(status: number, body: unknown): void;
  jobIds(): string[];
}

export const FAKE_UPSTREAM_URL = 'http://upstream.test';

export function createFakeUpstream(): FakeUpstream {
  const calls: UpstreamCall[] = [];
  const jobs = new Map<string, { status: string }>();
  let nextFailure: { status: number; body: unknown } | undefined;
  let counter = 0;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      // A header the proxy must never pass on to browsers.
      headers: { 'content-type': 'application/json', 'x-upstream-internal': 'secret-route-7', 'set-cookie': 'upstream_session=1' },
    });

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : '';
    calls.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    if (request.headers.get('authorization') !== `Bearer ${TEST_API_KEY}`) return json(401, { error: 'Invalid API key' });
    if (request.method === 'POST' && /^\/api\/v1\/(enhance|restyle)$/.test(url.pathname)) {
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = undefined;
        return json(failure.status, failure.body);
      }
      const id = `pred_${++counter}`;
      jobs.set(id, { status: 'processing' });
      return json(200, { success: true, request_id: id, message: `Generation started. Poll /api/v1/prediction/${id}` });
    }
    const match = /^\/api\/v1\/prediction\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const job = jobs.get(decodeURIComponent(match[1] ?? ''));
      if (!job) return json(404, { error: 'Prediction not found' });
      const id = match[1];
      if (job.status === 'succeeded')
        return json(200, {
          id,
          status: 'succeeded',
          output: [`https://cdn.upstream.test/${id}.jpg`],
          completed_at: '2025-01-15T12:00:20Z',
        });
      if (job.status === 'failed') return json(200, { id, status: 'failed', error: 'The image could not be processed' });
      return json(200, { id, status: job.status });
    }
    return json(404, { error: 'Not found' });
  };

  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    count: (prefix) => calls.filter((call) => call.path.startsWith(prefix)).length,
    finish(requestId, status = 'succeeded') {
      const job = jobs.get(requestId);
      if (!job) throw new Error(`no job ${requestId}`);
      job.status = status;
    },
    failNextStart(status, body) {
      nextFailure = { status, body };
    },
    jobIds: () => [...jobs.keys()],
  };
}
