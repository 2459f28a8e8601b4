/**
 * Calls made in one turn of the event loop, gathered by key and answered together
 * (docs/design.md, "Calls of one turn"): under load several requests reach the same read or
 * write in one turn, and on PostgreSQL each statement is a round trip. `load(key, n)`
 * answers the `n` calls gathered under `key`, in the order they were made (it must resolve
 * to `n` values); a failure of `load` fails each of them. Gathering ends with the turn
 * (`setImmediate`), so a call waits at most until then.
 *
 * `share` (default: no limit): a load answering more calls answers them `share` at a time,
 * each next share two turns after the one before (docs/design.md, "Bursts answered in
 * shares"). Answered all at once, a burst's callers would all reach their next statement
 * in the same turn and move through every step together, the server and the database each
 * idle while the other works. db/turn-batch-of.ts chooses the share for a database.
 */
export function turnBatch<K, V>(
  load: (key: K, n: number) => Promise<V[]>,
  idOf: (key: K) => string,
  { share = Infinity }: { share?: number } = {},
): (key: K) => Promise<V> {
  type Call = { resolve: (v: V) => void; reject: (e: unknown) => void };
  let waiting = new Map<string, { key: K; calls: Call[] }>();
  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    for (const { key, calls } of batch.values()) {
      load(key, calls.length).then(
        (values) => answerInShares(calls, values, 0, share),
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

/**
 * Answers `calls[from…]` with `values`, `share` now and the rest later. Two turns: the
 * callers answered now gather for their next statement until the end of the next turn
 * (`setImmediate`), and the next share must come after that statement has gone.
 */
function answerInShares<V>(calls: { resolve: (v: V) => void }[], values: V[], from: number, share: number): void {
  const to = Math.min(calls.length, from + share);
  for (let i = from; i < to; i++) calls[i].resolve(values[i]);
  if (to < calls.length) setImmediate(() => setImmediate(() => answerInShares(calls, values, to, share)));
}
