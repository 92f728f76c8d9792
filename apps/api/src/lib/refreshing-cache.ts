interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * A small in-process cache for values that are expensive to build and read by many callers at once
 * (public listing pages). Within `ttlMs` a value is served as is. Between `ttlMs` and twice that it
 * is still served while one background load replaces it, so an expiring popular entry never makes a
 * crowd of callers wait. Concurrent misses share one load. Older entries are loaded afresh.
 */
export class RefreshingCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  /** Bumped by deleteWhere: a load that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < this.ttlMs) return entry.value;
    if (entry && age < 2 * this.ttlMs) {
      // A failed refresh keeps the stale value until it ages out; the next miss tries again.
      this.start(key, load).catch(() => undefined);
      return entry.value;
    }
    return this.start(key, load);
  }

  /**
   * Forgets the matching entries (the data behind them changed). Loads already running finish
   * for their callers but are neither stored nor shared with later callers, who load afresh.
   */
  deleteWhere(predicate: (key: K) => boolean): void {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
    for (const key of [...this.loading.keys()]) if (predicate(key)) this.loading.delete(key);
  }

  private start(key: K, load: () => Promise<V>): Promise<V> {
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  private store(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order, and storing re-inserts: the first key is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }
}
