/**
 * A bounded map of what was used recently, in two generations: when the current one is full, the older is dropped whole.
 * A hit is a single lookup with no reordering (a strict LRU reorders on every read): a visitor polling every second.
 */
export class RecentCache<K, V> {
  readonly #generationSize: number;
  #current = new Map<K, V>();
  #previous = new Map<K, V>();

  /** Holds at most `max` entries. */
  constructor(max: number) {
    this.#generationSize = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const value = this.#current.get(key);
    if (value !== undefined) return value;
    const older = this.#previous.get(key);
    if (older !== undefined) {
      this.#previous.delete(key);
      this.#add(key, older);
    }
    return older;
  }

  set(key: K, value: V): void {
    this.#previous.delete(key);
    if (this.#current.has(key)) this.#current.set(key, value);
    else this.#add(key, value);
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  #add(key: K, value: V): void {
    if (this.#current.size >= this.#generationSize) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(key, value);
  }
}
