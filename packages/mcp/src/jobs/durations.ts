/** How long the service's jobs take, per operation: the poll schedule is learned from it. */
import { DurationHistory } from '@room-restyler/core';

const histories = new Map<string, DurationHistory>();

/** One history per service in the process: HTTP sessions each have their own server and client, but the same service. */
export function durationsFor(service: string): DurationHistory {
  let history = histories.get(service);
  if (!history) {
    history = new DurationHistory();
    histories.set(service, history);
  }
  return history;
}
