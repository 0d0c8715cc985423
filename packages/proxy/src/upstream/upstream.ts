/**
 * The only code that talks to the service. URLs are fixed operation paths on the configured
 * origin (plus an id that came out of a signed handle); generation POSTs are sent once, never
 * retried blindly, so a credit is not spent twice.
 */
import { parseRetryAfter, redact } from '@room-restyler/core/internal';
import type { RequestHeaders } from '../http/proxy-request.js';
import { type JsonReply, jsonReply, ProxyHttpError } from '../http/responses.js';
import { upstreamHeaders } from '../security/upstream-headers.js';

export interface UpstreamReply {
  status: number;
  /** Parsed JSON, or `{ error: text }` for a non-JSON body; the key is redacted from it. */
  body: unknown;
  /** The service's `Retry-After` as whole seconds (an HTTP date is converted), the only upstream header ever passed on. */
  retryAfter?: string;
}

export interface Upstream {
  startGeneration(
    operation: 'enhance' | 'restyle',
    input: object,
    options: { idempotencyKey?: string | undefined; client: RequestHeaders },
  ): Promise<UpstreamReply>;
  getPrediction(requestId: string, signal?: AbortSignal): Promise<UpstreamReply>;
}

export interface UpstreamOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The proxy's clock: an HTTP-date `Retry-After` becomes seconds from now. */
  now: () => number;
}

const MAX_ERROR_TEXT = 500;

export function createUpstream(options: UpstreamOptions): Upstream {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<UpstreamReply> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, { ...init, signal: combined, redirect: 'error' });
    } catch {
      if (timeout.aborted) throw new ProxyHttpError(504, 'upstream_timeout', 'The generation service did not answer in time');
      throw new ProxyHttpError(502, 'upstream_unreachable', 'The generation service could not be reached');
    }
    const text = redact(await response.text().catch(() => ''), [options.apiKey]);
    const waitMs = parseRetryAfter(response.headers.get('retry-after'), options.now());
    return {
      status: response.status,
      body: parseBody(text),
      ...(waitMs === undefined ? {} : { retryAfter: String(Math.ceil(waitMs / 1000)) }),
    };
  }

  return {
    startGeneration(operation, input, { idempotencyKey, client }) {
      const extra: Record<string, string> = { 'content-type': 'application/json' };
      if (idempotencyKey) extra['idempotency-key'] = idempotencyKey;
      return send(`/api/v1/${operation}`, {
        method: 'POST',
        headers: upstreamHeaders(options.apiKey, client, extra),
        body: JSON.stringify(input),
      });
    },
    getPrediction(requestId, signal) {
      return send(
        `/api/v1/prediction/${encodeURIComponent(requestId)}`,
        { method: 'GET', headers: upstreamHeaders(options.apiKey, undefined) },
        signal,
      );
    },
  };
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

/** An upstream error answered to the browser: its status and body, none of its headers. */
export function upstreamErrorReply(reply: UpstreamReply): JsonReply {
  const body =
    typeof reply.body === 'object' && reply.body !== null && !Array.isArray(reply.body) ? reply.body : { error: String(reply.body) };
  return jsonReply(
    reply.status,
    { code: codeForStatus(reply.status), ...body },
    reply.retryAfter ? { 'retry-after': reply.retryAfter } : undefined,
  );
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
    case 403:
      return 'upstream_auth';
    case 402:
      return 'insufficient_credits';
    case 404:
      return 'not_found';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'upstream_error' : 'upstream_refused';
  }
}
