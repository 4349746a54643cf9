interface Entry<V> {
  /** When the lookup was started: the row it returns is at least this fresh. */
  readonly startedAt: number;
  readonly row: Promise<V>;
}

/**
 * Lookups by key remembered for at most `ttlMs`, counted from when the query started (not when it
 * answered); concurrent misses share one query; a failed lookup is not remembered; a clock that
 * stepped back re-reads. Bounded: a Map kept in use order, the least recently used key goes first.
 */
export class FreshLookups<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs === 0) return read();
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      if (now >= cached.startedAt && now - cached.startedAt < this.ttlMs) {
        this.entries.set(key, cached);
        return cached.row;
      }
    }
    const entry: Entry<V> = { startedAt: now, row: read() };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    entry.row.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.row;
  }

  get size(): number {
    return this.entries.size;
  }
}
