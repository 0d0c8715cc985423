/**
 * Event streams hold a socket (a file descriptor) and a viewer for as long as a job runs: each
 * visitor may hold a few, the instance a bounded number, so one visitor with one job cannot take
 * every descriptor. Counted in this instance's memory (a stream lives on one instance); a count
 * back at zero is forgotten, so visitors that come and go leave nothing behind.
 */
import { ProxyHttpError } from '../http/responses.js';

/** Takes a slot for `visitor` and returns its release (idempotent), or throws 429 `too_many_streams`. */
export type TakeStreamSlot = (visitor: string) => () => void;

export function streamSlots(perVisitor: number, perInstance: number): TakeStreamSlot {
  const byVisitor = new Map<string, number>();
  let total = 0;
  return (visitor) => {
    const held = byVisitor.get(visitor) ?? 0;
    if (held >= perVisitor || total >= perInstance) {
      const whose = held >= perVisitor ? 'You have' : 'This server has';
      throw new ProxyHttpError(429, 'too_many_streams', `${whose} too many event streams open; poll the prediction instead`, {
        headers: { 'retry-after': '5' },
      });
    }
    byVisitor.set(visitor, held + 1);
    total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (byVisitor.get(visitor) ?? 1) - 1;
      if (left > 0) byVisitor.set(visitor, left);
      else byVisitor.delete(visitor);
    };
  };
}
