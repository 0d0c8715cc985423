/**
 * What this process knows about the generation starts it sent, across all its sessions: which job
 * ids were acknowledged (so a lost start never adopts another call's job) and which starts are
 * still waiting for an answer (whose job, when one appears in the account's list, could be theirs).
 */

const MAX_KNOWN_IDS = 1000;

export interface PendingStart {
  /** Epoch ms the start was sent. */
  readonly sentAt: number;
}

export class StartLedger {
  private readonly acknowledged = new Set<string>();
  private readonly pending = new Set<PendingStart>();

  begin(): PendingStart {
    const start = { sentAt: Date.now() };
    this.pending.add(start);
    return start;
  }

  /** The start got its answer (the job id) or is settled either way (`undefined`). */
  end(start: PendingStart, requestId: string | undefined): void {
    this.pending.delete(start);
    if (requestId === undefined) return;
    this.acknowledged.add(requestId);
    if (this.acknowledged.size > MAX_KNOWN_IDS) this.acknowledged.delete(this.acknowledged.values().next().value as string);
  }

  isKnown(requestId: string): boolean {
    return this.acknowledged.has(requestId);
  }

  /** Other starts of this process still without an answer, sent before `until`. */
  othersPending(start: PendingStart, until: number): number {
    return [...this.pending].filter((other) => other !== start && other.sentAt <= until).length;
  }
}

const ledgers = new Map<string, StartLedger>();

/** One ledger per service in the process: HTTP sessions each have their own server, but share the account. */
export function startsFor(service: string): StartLedger {
  const known = ledgers.get(service);
  if (known) return known;
  const ledger = new StartLedger();
  ledgers.set(service, ledger);
  return ledger;
}
