/**
 * Reading predictions and acknowledgements tolerantly: the status is an open set, and some
 * responses spell the id `requestId`. Nothing here throws on an unexpected shape.
 */
import { GenerationFailedError } from './errors.js';
import type { DocumentedPredictionStatus, FailedPredictionStatus, Prediction } from './types.js';

export type PredictionOutcome = 'running' | 'succeeded' | 'failed';

/** The spec's failures (every one: a failure added to the spec without being read here stops the build)… */
const SPEC_FAILURES = ['failed', 'canceled'] as const satisfies readonly FailedPredictionStatus[];
const everyFailure = <Unread extends never>(unread?: Unread) => unread;
/* @__PURE__ */ everyFailure<Exclude<FailedPredictionStatus, (typeof SPEC_FAILURES)[number]>>();
/** …and spellings of the same a service might use, read defensively. */
const FAILED_STATUSES = new Set<string>([...SPEC_FAILURES, 'cancelled', 'error', 'errored']);
const RUNNING: readonly DocumentedPredictionStatus[] = ['starting', 'processing'];

/**
 * succeeded → done; failed/canceled → failed; a status this client does not know that carries an
 * `error` or a `completed_at` → failed (it ended, and not as a success it can read); anything
 * else → still running.
 */
export function predictionOutcome(prediction: Prediction): PredictionOutcome {
  const status = prediction.status.toLowerCase();
  if (status === 'succeeded') return 'succeeded';
  return FAILED_STATUSES.has(status) || (!isKnownStatus(status) && (prediction.error || prediction.completed_at)) ? 'failed' : 'running';
}

/** `succeeded`, a failure, or a documented running status (`starting`, `processing`), in any case. */
export function isKnownStatus(status: string): boolean {
  const lower = status.toLowerCase();
  return lower === 'succeeded' || FAILED_STATUSES.has(lower) || (RUNNING as readonly string[]).includes(lower);
}

/**
 * A prediction from any JSON, keeping only the spec's fields: a missing or non-string status reads
 * as `unknown` (still running), a single output URL as a list of one, anything else is dropped.
 */
export function normalizePrediction(raw: unknown): Prediction {
  const record = isRecord(raw) ? raw : {};
  const prediction: Prediction = { status: typeof record.status === 'string' ? record.status : 'unknown' };
  if (record.output != null) {
    prediction.output = Array.isArray(record.output)
      ? record.output.filter((u): u is string => typeof u === 'string')
      : typeof record.output === 'string'
        ? [record.output]
        : [];
  }
  if (typeof record.completed_at === 'string') prediction.completed_at = record.completed_at;
  if (typeof record.error === 'string') prediction.error = record.error;
  return prediction;
}

/** The id of an acknowledgement or prediction, whichever spelling the service used. */
export function requestIdOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  for (const key of ['request_id', 'requestId', 'id']) {
    const id = value[key];
    if (typeof id === 'string' && id !== '') return id;
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The typed error for a prediction that ended without images (failed, canceled, an unknown terminal status). */
export function generationFailed(prediction: Prediction): GenerationFailedError {
  const { status, error } = prediction;
  const how = status === 'canceled' || status === 'cancelled' ? 'was canceled' : isKnownStatus(status) ? 'failed' : `ended as '${status}'`;
  return new GenerationFailedError(`The generation ${how}${error ? `: ${error}` : ''}`, {
    predictionStatus: status,
    serviceError: error,
    body: prediction,
  });
}
