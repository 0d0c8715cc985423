/**
 * A bounded map that keeps what was used recently, in two generations: the current one and the one
 * before. Reading an entry of the older generation moves it up; when the current generation is
 * full, the older one is dropped whole. A hit in the current generation is a single lookup with no
 * reordering (a strict LRU reorders on every read), which is what a visitor polling every second
 * does; an entry unused for two generations is forgotten.
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
    if (this.#current.has(key)) {
      this.#current.set(key, value);
      return;
    }
    this.#previous.delete(key);
    this.#add(key, value);
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
