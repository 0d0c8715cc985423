/**
 * A generation start, made once through core's start-once: when its answer is lost (a reset, a
 * timeout, a 5xx) its job is looked for in the account's list; when it cannot be told, the caller
 * hears that it may have been charged and how to check — never a blind retry.
 */
import { type GenerationStarted, type RoomClient, TimeoutError } from '@room-restyler/core';
import { outcomeOf, type StartLedger, startOnce } from '@room-restyler/core/internal';

/** The outcome of a start is unknown and could not be settled from the account's list. */
export class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
}

/**
 * The start failed once it may have reached the service (a 5xx, a reset, a timeout), and no job of
 * it is in the account's list: most likely nothing was charged, but that is the list's word, not the
 * service's — never a plain "try again".
 */
export class StartFailedError extends Error {
  override readonly name = 'StartFailedError';
}

export const OUTCOME_UNKNOWN_HELP =
  'It may have been charged: do NOT start it again blindly. Call `recent_jobs` (it lists the jobs of this session and the ' +
  "account's recent ones) to see whether a job was created, then follow it with `prediction`. Start a new generation only if none appears.";

export interface StartResult {
  started: GenerationStarted;
  /** True when the answer was lost and the job was found in the account's list. */
  reconciled: boolean;
}

/** Sends the start once; throws its error when nothing was started, OutcomeUnknownError when that cannot be told. */
export async function startReconciled(
  client: RoomClient,
  ledger: StartLedger,
  send: () => Promise<GenerationStarted>,
  signal: AbortSignal,
): Promise<StartResult> {
  const result = await startOnce(send, { ledger, signal, list: (limit) => client.listPredictions({ limit, signal }) });
  if (result.outcome === 'accepted') return { started: result.started, reconciled: result.reconciled };
  if (result.outcome === 'not_started') {
    if (outcomeOf(result.error) === 'not_sent') throw result.error;
    throw new StartFailedError(
      `${whatHappened(result.error)} No job of this start is in the account's recent jobs, so most likely nothing was charged. ` +
        'Call `recent_jobs` to check before starting again.',
      { cause: result.error },
    );
  }
  throw new OutcomeUnknownError(`${whatHappened(result.error)} ${OUTCOME_UNKNOWN_HELP}`, { cause: result.error });
}

function whatHappened(error: unknown): string {
  if (outcomeOf(error) === 'answered') return 'The service failed while starting the generation.';
  const reason = error instanceof TimeoutError ? 'it timed out' : 'the connection was lost';
  return `The service did not answer the start of the generation (${reason}).`;
}
