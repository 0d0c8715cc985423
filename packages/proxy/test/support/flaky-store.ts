/**
 * A `ProxyStore` whose backend a test can take away: `down` makes every call fail (Redis
 * unreachable) until `restore`; `frozen` makes every call hang (a process that stopped in the
 * middle), and `kill` then fails them and everything after (it died: nothing it still had to write
 * ever arrives). `breakAt` switches from the first call that matches, so a test can stop a
 * generation at one exact step. Calls are recorded.
 */
import type { ProxyStore } from '../../src/state/store.js';

export type StoreOp = Exclude<keyof ProxyStore, 'close'> | 'unsubscribe';
export type StoreState = 'up' | 'down' | 'frozen';

export class StoreDown extends Error {
  constructor() {
    super('the store is unreachable (test)');
  }
}

export class FlakyStore implements ProxyStore {
  state: StoreState = 'up';
  readonly calls: Array<{ op: StoreOp; key: string }> = [];
  readonly #inner: ProxyStore;
  readonly #held = new Set<(error: Error) => void>();
  #trigger: { when: (op: StoreOp, key: string) => boolean; then: StoreState } | undefined;

  constructor(inner: ProxyStore) {
    this.#inner = inner;
  }

  /** From the first call of `op` on a key starting with `prefix` (included), the store is `then`. */
  breakAt(op: StoreOp, prefix: string, then: Exclude<StoreState, 'up'>): void {
    this.#trigger = { when: (o, key) => o === op && key.startsWith(prefix), then };
  }

  /** Back up after an outage. */
  restore(): void {
    this.state = 'up';
    this.#trigger = undefined;
  }

  /** The process behind this store died: held calls fail, and every later one. */
  kill(): void {
    this.state = 'down';
    this.#trigger = undefined;
    for (const fail of this.#held) fail(new StoreDown());
    this.#held.clear();
  }

  #call<T>(op: StoreOp, key: string, run: () => Promise<T>): Promise<T> {
    this.calls.push({ op, key });
    if (this.#trigger?.when(op, key)) {
      this.state = this.#trigger.then;
      this.#trigger = undefined;
    }
    if (this.state === 'down') return Promise.reject(new StoreDown());
    if (this.state === 'frozen') return new Promise<T>((_resolve, reject) => this.#held.add(reject));
    return run();
  }

  hit(key: string, windowMs: number, limit: number) {
    return this.#call('hit', key, () => this.#inner.hit(key, windowMs, limit));
  }
  release(key: string) {
    return this.#call('release', key, () => this.#inner.release(key));
  }
  claim(key: string, value: string, ttlMs: number) {
    return this.#call('claim', key, () => this.#inner.claim(key, value, ttlMs));
  }
  renew(key: string, value: string, ttlMs: number) {
    return this.#call('renew', key, () => this.#inner.renew(key, value, ttlMs));
  }
  replace(key: string, expected: string, value: string, ttlMs: number) {
    return this.#call('replace', key, () => this.#inner.replace(key, expected, value, ttlMs));
  }
  get(key: string) {
    return this.#call('get', key, () => this.#inner.get(key));
  }
  set(key: string, value: string, ttlMs: number) {
    return this.#call('set', key, () => this.#inner.set(key, value, ttlMs));
  }
  delete(key: string) {
    return this.#call('delete', key, () => this.#inner.delete(key));
  }
  publish(channel: string, message: string) {
    return this.#call('publish', channel, () => this.#inner.publish(channel, message));
  }
  async subscribe(channel: string, listener: (message: string) => void) {
    const unsubscribe = await this.#call('subscribe', channel, () => this.#inner.subscribe(channel, listener));
    return () => this.#call('unsubscribe', channel, unsubscribe);
  }
  close() {
    return this.#inner.close();
  }
}
