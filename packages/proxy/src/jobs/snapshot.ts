/** What the proxy knows about one job at one moment: stored, published and served to viewers. */
import { normalizePrediction, type Prediction, predictionOutcome } from '@room-restyler/core';
import { ProxyHttpError } from '../http/responses.js';
import type { UpstreamReply } from '../upstream/upstream.js';

export type JobSnapshot =
  | { kind: 'prediction'; prediction: Prediction; terminal: boolean; at: number }
  | { kind: 'error'; status: number; body: unknown; retryAfter?: string; terminal: boolean; at: number };

/** Statuses after which asking again cannot help: the job is unknown or the key is refused. */
const PERMANENT_ERRORS = new Set([400, 401, 403, 404, 410]);

export function snapshotFromReply(reply: UpstreamReply, at: number): JobSnapshot {
  if (reply.status >= 200 && reply.status < 300) {
    const prediction = normalizePrediction(reply.body);
    return { kind: 'prediction', prediction, terminal: predictionOutcome(prediction) !== 'running', at };
  }
  return {
    kind: 'error',
    status: reply.status,
    body: reply.body,
    ...(reply.retryAfter ? { retryAfter: reply.retryAfter } : {}),
    terminal: PERMANENT_ERRORS.has(reply.status),
    at,
  };
}

export function snapshotFromFailure(error: unknown, at: number): JobSnapshot {
  const failure =
    error instanceof ProxyHttpError
      ? error
      : new ProxyHttpError(502, 'upstream_unreachable', 'The generation service could not be reached');
  return { kind: 'error', status: failure.status, body: { error: failure.message, code: failure.code }, terminal: false, at };
}

export function parseSnapshot(text: string | undefined): JobSnapshot | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as JobSnapshot;
    return value && (value.kind === 'prediction' || value.kind === 'error') && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
