/**
 * A Map of at most `max` entries for in-process memos (parsed texts, schemas, names): storing
 * a new key when full drops the key stored first (a Map iterates in insertion order), so a
 * memo of texts or ids that keep coming cannot grow without end.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      const first = this.keys().next();
      if (!first.done) this.delete(first.value);
    }
    return super.set(key, value);
  }
}
