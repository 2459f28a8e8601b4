/**
 * A bounded in-process cache whose entries hold only under the epoch they were read in
 * (docs/design.md, "Caller cache"). The caller reads the database's auth epoch once per
 * request and passes it in: an entry filled under an older epoch is never returned, even if
 * a slow request stores it after the epoch moved on.
 */
export class EpochCache<V> {
  private readonly entries = new Map<string, { epoch: number; value: V }>();

  /** `max`: entries kept; the oldest inserted goes first when full. */
  constructor(private readonly max = 10_000) {}

  get(key: string, epoch: number): V | undefined {
    const e = this.entries.get(key);
    return e && e.epoch === epoch ? e.value : undefined;
  }

  set(key: string, epoch: number, value: V): void {
    if (this.entries.size >= this.max && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { epoch, value });
  }
}
