/**
 * A generation start whose answer never came (the connection reset, or the call timed out after
 * the request was sent) may have created a charged job. It is never sent again: the job is looked
 * for in the account's recent predictions (`GET /api/v1/predictions`). The list carries no inputs,
 * so a job is adopted only when it is the one job created in the start's time window that no
 * acknowledged start owns, and no other start of this process could own it; anything else stays
 * unknown, and the caller is told the job may have been charged and how to check.
 */
import { ConnectionError, type GenerationStarted, type RoomClient, TimeoutError } from '@room-restyler/core';
import type { PendingStart, StartLedger } from './start-ledger.js';

/** The outcome of a start is unknown and could not be settled from the account's list. */
export class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
}

/** The service's clock and ours may differ a little; `created_at` may be cut to whole seconds. */
const CLOCK_SLACK_MS = 5_000;
const LISTED = 20;

export const OUTCOME_UNKNOWN_HELP =
  'It may have been charged: do NOT start it again blindly. Call `recent_jobs` (it lists the jobs of this session and the ' +
  "account's recent ones) to see whether a job was created, then follow it with `prediction`. Start a new generation only if none appears.";

export interface StartResult {
  started: GenerationStarted;
  /** True when the answer was lost and the job was found in the account's list. */
  reconciled: boolean;
}

/** Sends the start once; when its outcome is unknown, finds its job or throws OutcomeUnknownError. */
export async function startReconciled(
  client: RoomClient,
  ledger: StartLedger,
  send: () => Promise<GenerationStarted>,
  signal: AbortSignal,
): Promise<StartResult> {
  const start = ledger.begin();
  try {
    const started = await send();
    ledger.end(start, started.requestId);
    return { started, reconciled: false };
  } catch (error) {
    if (signal.aborted || !outcomeUnknown(error)) {
      ledger.end(start, undefined);
      throw error;
    }
    const found = await findJob(client, ledger, start, signal).catch(() => undefined);
    ledger.end(start, found);
    if (found === undefined)
      throw new OutcomeUnknownError(`The service did not answer the start of the generation (${reason(error)}). ${OUTCOME_UNKNOWN_HELP}`, {
        cause: error,
      });
    return { started: { requestId: found, message: '' }, reconciled: true };
  }
}

/** A reset or a timeout once the request may have been sent; a refused connection or unknown host sent nothing. */
function outcomeUnknown(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof ConnectionError)) return false;
  const codes = causeCodes(error);
  return !codes.some((code) => NOT_SENT.has(code));
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause)
    if ('code' in current && typeof current.code === 'string') codes.push(current.code);
  return codes;
}

async function findJob(client: RoomClient, ledger: StartLedger, start: PendingStart, signal: AbortSignal): Promise<string | undefined> {
  const now = Date.now();
  // Another start of this process still waiting for its answer could own any job found.
  if (ledger.othersPending(start, now) > 0) return undefined;
  const { predictions } = await client.listPredictions({ limit: LISTED, signal });
  // A full page whose oldest job is inside the window may not reach back to the start.
  const oldest = Date.parse(predictions.at(-1)?.created_at ?? '');
  if (predictions.length >= LISTED && !(oldest < start.sentAt - CLOCK_SLACK_MS)) return undefined;
  const candidates = predictions.filter((prediction) => {
    const created = Date.parse(prediction.created_at);
    return created >= start.sentAt - CLOCK_SLACK_MS && created <= now + CLOCK_SLACK_MS && !ledger.isKnown(prediction.prediction_id);
  });
  return candidates.length === 1 ? candidates[0]?.prediction_id : undefined;
}

const reason = (error: unknown) => (error instanceof TimeoutError ? 'it timed out' : 'the connection was lost');
