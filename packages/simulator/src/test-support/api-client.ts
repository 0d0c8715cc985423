/**
 * A fetch wrapper for tests: every /api/v1 response is checked against openapi/room-api.yaml —
 * strictly: a field the spec does not list fails too — so each test of the simulator is also a
 * contract test.
 */
import type { Prediction } from '@room-restyler/core';
import { waitFor } from '@room-restyler/test-kit';
import { validateResponse } from '@room-restyler/test-kit/contract';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface CallOptions {
  /** Bearer key; null sends no Authorization header. Default `sim_test_key`. */
  key?: string | null;
  json?: unknown;
  /** A raw body (sent with the given headers only). */
  body?: string;
  headers?: Record<string, string>;
  /** False for deliberately undocumented requests (unknown paths, wrong methods). */
  contract?: boolean;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<ApiResponse>;

export function apiClient(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const { key = 'sim_test_key', json, body, headers = {}, contract = true } = options;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(key !== null && { authorization: `Bearer ${key}` }),
        ...(json !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (contract && path.startsWith('/api/v1/')) {
      const problems = validateResponse({ method, path, status: response.status, body: parsed, headers: response.headers });
      if (problems.length > 0) throw new Error(`${method} ${path} → ${response.status} breaks the spec: ${problems.join('; ')}`);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

/** Polls a prediction to a terminal status; returns it with every status seen on the way. */
export async function pollUntilEnded(call: Call, requestId: string, key?: string): Promise<{ prediction: Prediction; seen: string[] }> {
  const seen: string[] = [];
  let ended: Prediction | undefined;
  await waitFor(async () => {
    const { status, body } = await call('GET', `/api/v1/prediction/${requestId}`, { ...(key !== undefined && { key }) });
    if (status !== 200) throw new Error(`prediction answered ${status}`);
    const prediction = body as Prediction;
    if (seen.at(-1) !== prediction.status) seen.push(prediction.status);
    if (prediction.status === 'succeeded' || prediction.status === 'failed') ended = prediction;
    return ended !== undefined;
  }, `prediction ${requestId} to end`);
  return { prediction: ended as Prediction, seen };
}

/** The id of a 200 acknowledgement, in either documented shape (`request_id` or `requestId`). */
export function requestIdOf(response: ApiResponse): string {
  if (response.status !== 200) throw new Error(`expected an acknowledgement, got ${response.status} ${JSON.stringify(response.body)}`);
  const body = response.body as { request_id?: string; requestId?: string };
  return body.request_id ?? body.requestId ?? '';
}
