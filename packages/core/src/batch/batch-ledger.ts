/**
 * The start ledger of a batch's run: in memory, holding what the journal says of earlier runs, so
 * reconciling a start that died unanswered judges it among every start the batch ever sent.
 */
import type { Clock } from '../abort.js';
import { DEFAULT_CALL_TIMEOUT_MS } from '../call.js';
import { createMemoryStartStore, StartLedger } from '../start/index.js';
import type { ItemState } from './journal.js';

/** `upstreamTimeoutMs`: the client's POST timeout, which bounds when a lost start's job can appear. */
export function batchLedger(clock: Clock, upstreamTimeoutMs = DEFAULT_CALL_TIMEOUT_MS): StartLedger {
  return new StartLedger(createMemoryStartStore({ now: () => clock.now() }), { upstreamTimeoutMs });
}

/**
 * What the last runs' starts tell reconciliation: their jobs are known (no lost start adopts
 * one), a start that died unanswered is counted in flight (unknown once past its deadline), and
 * one whose outcome stayed unknown is counted so (a job in its window could be its own).
 */
export async function recall(ledger: StartLedger, states: Iterable<ItemState>): Promise<void> {
  const sent = [...states].flatMap(({ start, requestId, end }) => (start ? [{ start, requestId, end }] : []));
  for (const { start, requestId, end } of sent.sort((a, b) => a.start.startedAt - b.start.startedAt)) {
    const unknown = end?.kind === 'failed' && end.charged;
    if (requestId !== undefined) await ledger.claimPrediction(requestId, start);
    else if (end === undefined || unknown) await ledger.open(start);
    if (requestId === undefined && unknown) await ledger.markUnknown(start);
  }
}
