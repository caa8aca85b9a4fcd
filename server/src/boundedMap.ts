// A map the server keeps in memory within a limit: its entries' total weight (bytes, or one each), the least recently
// used dropped first. A Map iterates in insertion order, so an entry set or used again moves to the end and the first
// entries are the oldest.

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  /** `weigh` gives an entry's weight; without it each entry weighs one, and `limit` is a count. */
  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value of `key`, made the most recent. */
  use(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value of `key`, left where it is in the order. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` under `key` as the most recent; the oldest entries go while the total is over the limit. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.total += weight;
    this.trim();
  }

  /**
   * Weighs `value` again after it grew or shrank, if it is still kept under `key` (it may have been dropped or
   * replaced meanwhile); the oldest entries go while the total is over the limit.
   */
  reweigh(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    const weight = this.weigh(value);
    this.total += weight - entry.weight;
    entry.weight = weight;
    this.trim();
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  /** The total weight of the entries kept. */
  get weight(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.limit) return;
      this.entries.delete(key);
      this.total -= entry.weight;
    }
  }
}
