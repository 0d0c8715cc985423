/**
 * Event streams hold a socket (a file descriptor) and a viewer for as long as a job runs: each
 * visitor may hold a few, the instance a bounded number, so one visitor with one job cannot take
 * every descriptor. Counted in this instance's memory (a stream lives on one instance); a count
 * back at zero is forgotten, so visitors that come and go leave nothing behind.
 */
import { ProxyHttpError } from '../http/responses.js';

export interface StreamCaps {
  perVisitor: number;
  perInstance: number;
}

export class StreamSlots {
  readonly #caps: StreamCaps;
  readonly #byVisitor = new Map<string, number>();
  #total = 0;

  constructor(caps: StreamCaps) {
    this.#caps = caps;
  }

  /** Takes a slot for `visitor` and returns its release (idempotent), or throws 429 `too_many_streams`. */
  take(visitor: string): () => void {
    const held = this.#byVisitor.get(visitor) ?? 0;
    if (held >= this.#caps.perVisitor || this.#total >= this.#caps.perInstance) {
      const whose = held >= this.#caps.perVisitor ? 'You have' : 'This server has';
      throw new ProxyHttpError(429, 'too_many_streams', `${whose} too many event streams open; poll the prediction instead`, {
        headers: { 'retry-after': '5' },
      });
    }
    this.#byVisitor.set(visitor, held + 1);
    this.#total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byVisitor.get(visitor) ?? 1) - 1;
      if (left > 0) this.#byVisitor.set(visitor, left);
      else this.#byVisitor.delete(visitor);
    };
  }

  /** Streams open on this instance (for tests). */
  get open(): number {
    return this.#total;
  }
}
