/**
 * Calls made in one turn of the event loop, gathered by key and answered together
 * (docs/design.md, "Calls of one turn"): under load several requests reach the same read or
 * write in one turn, and on PostgreSQL each statement is a round trip. `load(key, n)`
 * answers the `n` calls gathered under `key`, in the order they were made (it must resolve
 * to `n` values); a failure of `load` fails each of them. Gathering ends with the turn
 * (`setImmediate`), so a call waits at most until then.
 */
export function turnBatch<K, V>(load: (key: K, n: number) => Promise<V[]>, idOf: (key: K) => string): (key: K) => Promise<V> {
  type Call = { resolve: (v: V) => void; reject: (e: unknown) => void };
  let waiting = new Map<string, { key: K; calls: Call[] }>();
  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    for (const { key, calls } of batch.values()) {
      load(key, calls.length).then(
        (values) => calls.forEach((c, i) => c.resolve(values[i])),
        (err: unknown) => calls.forEach((c) => c.reject(err)),
      );
    }
  };
  return (key: K) =>
    new Promise<V>((resolve, reject) => {
      if (!waiting.size) setImmediate(flush);
      const id = idOf(key);
      let w = waiting.get(id);
      if (!w) waiting.set(id, (w = { key, calls: [] }));
      w.calls.push({ resolve, reject });
    });
}
