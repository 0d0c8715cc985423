/**
 * This process's start ledger, per service and API key (one account): core's start-once pieces over
 * a memory store. HTTP sessions each have their own server but share the account, so they share
 * one ledger: a lost start of one session never adopts the job another session was acknowledged.
 * Sessions that bring their own keys use different accounts, and so different ledgers.
 */
import { createMemoryStartStore, DEFAULT_CALL_TIMEOUT_MS, StartLedger } from '@room-restyler/core/internal';

/** A client given ready-made may wait longer than the kit's default: a start is assumed to end within this. */
const INJECTED_CLIENT_TIMEOUT_MS = 10 * 60_000;

export function newLedger(upstreamTimeoutMs: number): StartLedger {
  return new StartLedger(createMemoryStartStore(), { upstreamTimeoutMs });
}

const ledgers = new Map<string, StartLedger>();

/** The ledger of the kit's own client for `service` and `apiKey` (its calls time out after core's default). */
export function startsFor(service: string, apiKey: string): StartLedger {
  // The key stays in this process's memory, as the client holds it anyway.
  const account = `${service}\n${apiKey}`;
  const known = ledgers.get(account);
  if (known) return known;
  const ledger = newLedger(DEFAULT_CALL_TIMEOUT_MS);
  ledgers.set(account, ledger);
  return ledger;
}

/** The ledger of a client given ready-made (embedding, tests): its own, its timeout unknown. */
export const injectedClientLedger = () => newLedger(INJECTED_CLIENT_TIMEOUT_MS);
