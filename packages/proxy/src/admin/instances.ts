/**
 * The instances sharing the store, for the operator page: one JSON record under one key, which each
 * instance updates by compare-and-set when it is scraped or serves the page (no timer of its own).
 * An instance not seen for a while drops out.
 */
import type { ProxyStore } from '../state/store.js';

export interface InstanceRecord {
  id: string;
  version: string;
  started_at: string;
  /** When it last announced itself (ms since the epoch). */
  seen_at: number;
  jobs: number;
  streams: number;
}

const KEY = 'admin:instances';
/** Seen longer ago than this, an instance is taken as gone. */
const GONE_AFTER_MS = 2 * 60_000;
const KEPT_MS = 10 * 60_000;
/** Concurrent announcements retry the compare-and-set this often before giving up (the page then shows this one). */
const ATTEMPTS = 5;

/** Records `me` and answers every instance seen recently, `me` included; a store that fails answers `me` alone. */
export async function announce(store: ProxyStore, me: InstanceRecord): Promise<InstanceRecord[]> {
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const current = await store.claim(KEY, JSON.stringify({ [me.id]: me }), KEPT_MS);
      if (current === undefined) return [me];
      const seen = others(current).filter((other) => other.id !== me.id && me.seen_at - other.seen_at < GONE_AFTER_MS);
      const all = [me, ...seen];
      if (await store.replace(KEY, current, JSON.stringify(Object.fromEntries(all.map((one) => [one.id, one]))), KEPT_MS)) return all;
    }
  } catch {
    // The page says the store is unreachable; this instance is still worth showing.
  }
  return [me];
}

/** The records in `text`; none when it is not JSON (the next announcement replaces it). */
function others(text: string): InstanceRecord[] {
  try {
    return Object.values(JSON.parse(text) as Record<string, InstanceRecord>);
  } catch {
    return [];
  }
}
