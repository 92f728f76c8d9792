import { LRUCache } from 'lru-cache';

type Load<V> = () => Promise<V>;
/** What lru-cache can hold: anything but undefined and null, which it reads as "no entry". */
export type Cacheable = object | string | number | boolean;

/**
 * An in-process cache for documents that are expensive to build and read by many callers at once
 * (the bootstrap document, listing pages, an event). lru-cache's fetch does the work: concurrent
 * callers of a key share one load (a cold cache under a crowd builds each document once), and
 * within `ttlMs` a value is served as is. Between `ttlMs` and twice that it is still served while
 * one background load replaces it, so an expiring popular entry never makes a crowd wait; a failed
 * refresh keeps it until then. Older entries are loaded afresh, the callers waiting for them.
 */
export class RefreshingCache<K extends Cacheable, V extends Cacheable> {
  private readonly lru: LRUCache<K, V, Load<V>>;
  /**
   * Loads running, per key (an abandoned one may overlap its replacement): lru-cache's key listing
   * skips keys being loaded, and deleteWhere must reach them too.
   */
  private readonly loading = new Map<K, number>();

  constructor(
    private readonly ttlMs: number,
    maxEntries = 1_000,
    now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<K, V, Load<V>>({
      max: maxEntries,
      ttl: ttlMs,
      // The injected clock is read on every check (tests move it; Date.now costs nothing). Offset
      // by 1: lru-cache reads an entry stored at time 0 as one that never expires.
      ttlResolution: 0,
      perf: { now: () => now() + 1 },
      allowStale: true,
      noDeleteOnFetchRejection: true,
      // A load cut short by deleteWhere still answers its callers; lru-cache does not store it.
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { context }) => {
        this.loading.set(key, (this.loading.get(key) ?? 0) + 1);
        try {
          return await context();
        } finally {
          const left = (this.loading.get(key) ?? 1) - 1;
          if (left > 0) this.loading.set(key, left);
          else this.loading.delete(key);
        }
      },
    });
  }

  async get(key: K, load: Load<V>): Promise<V> {
    const tooOld = this.lru.getRemainingTTL(key) <= -this.ttlMs;
    const value = await this.lru.fetch(key, { context: load, allowStale: !tooOld });
    // Loads never give undefined, and a failed one rejects for whoever awaits it.
    if (value === undefined) throw new Error('cache load gave no value');
    return value;
  }

  /**
   * Forgets the matching entries (the data behind them changed). Loads already running finish
   * for their callers but are neither stored nor shared with later callers, who load afresh.
   */
  deleteWhere(predicate: (key: K) => boolean): void {
    for (const key of [...this.lru.keys(), ...this.loading.keys()]) {
      if (predicate(key)) this.lru.delete(key);
    }
  }
}
