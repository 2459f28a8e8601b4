/**
 * Queries built and compiled once per SQL dialect, then run with new values (docs/design.md,
 * "Compiled once"): building and compiling a Kysely query of an order row (19 columns, three
 * name lookups) was ~11 % of a list call's CPU under load, every call, for the same text.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import { isPostgres, type Db } from './types.ts';

/** The stand-in for the value of parameter `name` while the query is compiled. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template<O> {
  query: CompiledQuery<O>;
  /** For each compiled parameter, the name of the value it takes, or null for a constant. */
  slots: (string | null)[];
}

/**
 * A query of fixed shape whose values `P` change between runs. `build` gets stand-ins for
 * the values: it may place each only where Kysely sends a value as a parameter (a
 * comparison, `limit`, `offset`), never in a list (`in`), and must not branch on them.
 * Returns a function giving the compiled query for the values, to run with
 * `db.executeQuery` on any handle or transaction of that dialect. Throws on first use when a
 * value did not become a parameter (the query would silently keep the stand-in).
 */
export function compiledOnce<P extends object, O>(build: (db: Db, values: P) => Compilable<O>) {
  const templates = new Map<boolean, Template<O>>();
  return (db: Db, values: P): CompiledQuery<O> => {
    const dialect = isPostgres(db);
    let t = templates.get(dialect);
    if (!t) {
      const names = Object.keys(values);
      const query = build(db, Object.fromEntries(names.map((n) => [n, new Slot(n)])) as P).compile();
      const slots = query.parameters.map((v) => (v instanceof Slot ? v.name : null));
      const lost = names.filter((n) => !slots.includes(n));
      if (lost.length) throw new Error(`compiledOnce: ${lost.join(', ')} did not become a parameter`);
      t = { query, slots };
      templates.set(dialect, t);
    }
    const { query, slots } = t;
    const given = values as Record<string, unknown>;
    return { ...query, parameters: slots.map((name, i) => (name === null ? query.parameters[i] : given[name])) };
  };
}
