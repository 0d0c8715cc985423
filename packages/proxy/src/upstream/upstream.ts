/** The only code that talks to the service: fixed spec paths (plus an id from a sealed handle); a generation POST is sent once. */
import {
  type GenerationOperation,
  generationOperations,
  type OperationBody,
  type ProxyErrorBody,
  type ProxyErrorCode,
  type paths,
} from '@room-restyler/core';
import { parseRetryAfter, redact } from '@room-restyler/core/internal';
import type { RequestHeaders } from '../http/proxy-request.js';
import { type JsonReply, jsonReply, ProxyHttpError } from '../http/responses.js';
import type { Logger } from '../log.js';
import type { ResolvedOptions } from '../options.js';
import { upstreamHeaders } from '../security/upstream-headers.js';

export interface UpstreamReply {
  status: number;
  /** Parsed JSON, or `{ error: text }` for a non-JSON body; the key is redacted from it. */
  body: unknown;
  /** The service's `Retry-After` as whole seconds (an HTTP date is converted), the only upstream header ever passed on. */
  retryAfter?: string;
}

export type Upstream = ReturnType<typeof createUpstream>;

const MAX_ERROR_TEXT = 500;
/** How often the same set-up problem is logged again while it lasts (a readiness probe asks every 5 s). */
const SETUP_WARNING_EVERY_MS = 60_000;

/** `baseUrl` as resolveOptions normalised it; `log` hears of answers only the site's set-up can fix. */
export function createUpstream(
  options: Pick<ResolvedOptions, 'baseUrl' | 'apiKey' | 'fetch' | 'upstreamTimeoutMs' | 'clock'> & { log: Logger },
) {
  const warned = new Map<string, number>();
  /** Visitors only read that previews are unavailable: the operator's log says what to fix. */
  function warnOfSetup(path: string, status: number, body: unknown) {
    const problem = setupProblem(options.baseUrl, path, status, body);
    if (!problem) return;
    const now = options.clock.now();
    if (now - (warned.get(problem) ?? -Infinity) < SETUP_WARNING_EVERY_MS) return;
    warned.set(problem, now);
    options.log({ level: 'warn', msg: problem });
  }

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<UpstreamReply> {
    const timeout = AbortSignal.timeout(options.upstreamTimeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      // fetch(url, init), never fetch(request): Node's fetch loses a Request's abort signal after a
      // garbage collection (nodejs/undici#4068), and a hung call would then never time out.
      response = await options.fetch(`${options.baseUrl}${path}`, { ...init, signal: combined, redirect: 'error' });
    } catch {
      if (timeout.aborted) throw new ProxyHttpError(504, 'upstream_timeout', 'The generation service did not answer in time');
      throw new ProxyHttpError(502, 'upstream_unreachable', 'The generation service could not be reached');
    }
    const text = redact(await response.text().catch(() => ''), [options.apiKey]);
    const waitMs = parseRetryAfter(response.headers.get('retry-after'), options.clock.now());
    const body = parseBody(text);
    warnOfSetup(path, response.status, body);
    return {
      status: response.status,
      body,
      ...(waitMs === undefined ? {} : { retryAfter: String(Math.ceil(waitMs / 1000)) }),
    };
  }

  // Each path besides the starts' (generated) is checked to be one of the spec's.
  const get = (path: string, signal?: AbortSignal) =>
    send(path, { method: 'GET', headers: upstreamHeaders(options.apiKey, undefined) }, signal);

  return {
    startGeneration<O extends GenerationOperation>(
      operation: O,
      input: OperationBody<O>,
      { idempotencyKey, client }: { idempotencyKey?: string | undefined; client: RequestHeaders },
    ): Promise<UpstreamReply> {
      const extra: Record<string, string> = { 'content-type': 'application/json' };
      if (idempotencyKey) extra['idempotency-key'] = idempotencyKey;
      return send(generationOperations[operation].path, {
        method: 'POST',
        headers: upstreamHeaders(options.apiKey, client, extra),
        body: JSON.stringify(input),
      });
    },
    getPrediction(requestId: string, signal?: AbortSignal): Promise<UpstreamReply> {
      return get(('/api/v1/prediction/{request_id}' satisfies keyof paths).replace('{request_id}', encodeURIComponent(requestId)), signal);
    },
    /** The body of the account's newest `limit` predictions (how a start whose answer was lost is found again); rejects unless a 200. */
    async listPredictions(limit: number): Promise<unknown> {
      const reply = await get(`${'/api/v1/predictions' satisfies keyof paths}?limit=${limit}`);
      if (reply.status !== 200) throw new Error(`The service's list of predictions answered HTTP ${reply.status}`);
      return reply.body;
    },
    /** The account (`GET /api/v1/me`): asked by the readiness check and a batch's plan, never passed on. */
    getAccount(signal?: AbortSignal): Promise<UpstreamReply> {
      return get('/api/v1/me' satisfies keyof paths, signal);
    },
  };
}

/**
 * The fix for an answer that says the key or the base URL is wrong: the key refused anywhere, or a 404 at a
 * fixed path (not a prediction's, whose 404 is a job the service does not know).
 */
function setupProblem(baseUrl: string, path: string, status: number, body: unknown): string | undefined {
  // Asked of every answer (each poll too): any other status is done with at once.
  if (status === 401 || status === 403) {
    const error = (body as { error?: unknown } | null)?.error;
    const said = typeof error === 'string' ? `: ${error}` : '';
    return `the service refused the API key (HTTP ${status}${said}) — set ROOM_API_KEY to a key from the service's dashboard (API Keys)`;
  }
  if (status === 404 && !path.startsWith('/api/v1/prediction')) {
    const url = `${baseUrl}${path.replace(/\?.*$/s, '')}`;
    return `the service answered 404 at ${url} — set ROOM_API_BASE_URL to the service origin or …/api/v1, e.g. https://api.bright-shot.com/api/v1`;
  }
  return undefined;
}

function parseBody(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    const plain = text.trimStart().startsWith('<') ? 'The generation service failed' : text.slice(0, MAX_ERROR_TEXT);
    return { error: plain };
  }
}

/** The proxy's code for the service's refusals; any other 5xx is `upstream_error`, any other status `upstream_refused`. */
const CODES: Partial<Record<number, ProxyErrorCode>> = {
  400: 'bad_request',
  401: 'upstream_auth',
  402: 'insufficient_credits',
  403: 'upstream_auth',
  404: 'not_found',
  429: 'rate_limited',
};

/**
 * An upstream error answered to the browser: its status, and of its body only what the specs
 * define (`error`, `credits_remaining`), with the proxy's `code`; none of its headers but Retry-After.
 */
export function upstreamErrorReply({ status, body, retryAfter }: UpstreamReply): JsonReply {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const answer: ProxyErrorBody & { credits_remaining?: number } = {
    error: typeof record.error === 'string' ? record.error : `The generation service answered HTTP ${status}`,
    code: CODES[status] ?? (status >= 500 ? 'upstream_error' : 'upstream_refused'),
  };
  if (typeof record.credits_remaining === 'number') answer.credits_remaining = record.credits_remaining;
  return jsonReply(status, answer, retryAfter ? { 'retry-after': retryAfter } : undefined);
}
