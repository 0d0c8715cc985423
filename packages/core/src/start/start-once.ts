/**
 * One paid start through the kit's client, made safe: counted in the ledger before it is sent,
 * sent once, its job recorded as this deployment's when accepted — and when the answer is lost
 * (a reset, a timeout, a 5xx), reconciled from the service's list instead of sent again. What the
 * key proxy does with its own upstream call, as one function for callers of the client (the MCP
 * server).
 *
 * A start cancelled by its caller while the POST may be on the wire stays counted as unknown until
 * the ledger forgets it: any job in its window may be its own, so no other start adopts one there.
 */
import type { GenerationStarted } from '../client.js';
import { ConnectionError, RoomApiError, ServerError, TimeoutError } from '../errors.js';
import { type ReconcileContext, reconcile } from './reconcile.js';
import type { Counted, Start, StartLedger } from './start-ledger.js';

export type StartOnce =
  /** `reconciled`: its answer was lost and its job was found again. */
  | { outcome: 'accepted'; started: GenerationStarted; reconciled: boolean }
  /** Nothing was started (refused, never sent, or found to have made no job): `error` says why. */
  | { outcome: 'not_started'; error: unknown }
  /** It may have made a (charged) job that cannot be told apart: never send it again blindly. */
  | { outcome: 'unknown'; error: unknown; reason: string };

export interface StartOnceOptions {
  ledger: StartLedger;
  list: ReconcileContext['list'];
  /** The caller's; a start aborted while in flight is left counted (see above) and its error thrown. */
  signal?: AbortSignal | undefined;
  now?: (() => number) | undefined;
  /** Called once the start is counted, before the POST (a batch journals it): when it throws, nothing is sent. */
  beforeSend?: ((start: Start) => Promise<void>) | undefined;
}

export async function startOnce(send: () => Promise<GenerationStarted>, options: StartOnceOptions): Promise<StartOnce> {
  const { ledger } = options;
  const now = options.now ?? Date.now;
  const start = ledger.newStart(now());
  await ledger.open(start);
  try {
    await options.beforeSend?.(start);
  } catch (error) {
    await done(ledger.close(start, 'in_flight'));
    throw error;
  }
  let started: GenerationStarted;
  try {
    started = await send();
  } catch (error) {
    return failed({ start, state: 'in_flight' }, error, options, now);
  }
  // The job is accepted whatever the store does now; a start it could not resolve stays counted (so nobody adopts its job).
  await done(ledger.claimPrediction(started.requestId, start, now()).then(() => ledger.close(start, 'in_flight')));
  return { outcome: 'accepted', started, reconciled: false };
}

/** Whether a write to the ledger went through; its failure never hides what the service did. */
const done = (write: Promise<unknown>): Promise<boolean> =>
  write.then(
    () => true,
    () => false,
  );

async function failed(sent: Counted, error: unknown, options: StartOnceOptions, now: () => number): Promise<StartOnce> {
  const { ledger } = options;
  const lost = outcomeOf(error);
  if (lost === 'not_sent') {
    await done(ledger.close(sent.start, sent.state));
    return { outcome: 'not_started', error };
  }
  const state = (await done(ledger.markUnknown(sent.start))) ? 'unknown' : sent.state;
  // Its caller is gone: the start stays the possible owner of its window, for others to respect.
  if (options.signal?.aborted) throw error;
  const endedAt = now();
  const counted: Counted = { start: sent.start, state, endedAt, ...(lost === 'answered' ? { answered: true } : {}) };
  const found = await reconcile({ ledger, list: options.list, now: endedAt }, counted);
  if (found.outcome === 'unknown') return { outcome: 'unknown', error, reason: found.reason };
  await done(ledger.close(sent.start, state));
  if (found.outcome === 'not_started') return { outcome: 'not_started', error };
  return { outcome: 'accepted', started: { requestId: found.requestId, message: '' }, reconciled: true };
}

/**
 * What a failed start says of its job: `not_sent` (refused with a 4xx, or the connection never
 * made: nothing reached the service), `answered` (a 5xx or an acknowledgement naming no job:
 * whatever the service did, it did before answering), or `lost` (a reset or timeout once the request may have been sent).
 */
export function outcomeOf(error: unknown): 'not_sent' | 'answered' | 'lost' {
  if (error instanceof TimeoutError) return 'lost';
  if (error instanceof ConnectionError) return causeCodes(error).some((code) => NOT_SENT.has(code)) ? 'not_sent' : 'lost';
  // A 5xx, or an acknowledgement that named no job.
  if (error instanceof ServerError && (error.status === undefined || error.status >= 500)) return 'answered';
  // An abort (the caller's) may also come once the request is on the wire.
  if (error instanceof RoomApiError && error.code === 'aborted') return 'lost';
  return 'not_sent';
}

/** Connection failures that happen before a byte of the request is sent. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause)
    if ('code' in current && typeof current.code === 'string') codes.push(current.code);
  return codes;
}
