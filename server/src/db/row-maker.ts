/** Row objects made from row arrays, for both drivers (connect.ts, pg-statement.ts; docs/design.md, "Compiled once"). */

/**
 * A function making a row array of these columns into an object, as a literal of fixed keys
 * (every row of a statement shares one hidden class; a repeated name keeps its last value, as
 * the drivers' own objects do). A column named `__proto__`, which a literal would take for
 * the prototype, makes it build each object from entries instead.
 */
export function rowMaker(columns: readonly string[]): (row: unknown[]) => unknown {
  if (columns.includes('__proto__')) return (row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]));
  const keys = columns.map((c, i) => `${JSON.stringify(c)}: r[${i}]`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the keys are the statement's own column names, quoted
  return new Function('r', `return {${keys.join(', ')}};`) as (row: unknown[]) => unknown;
}

/**
 * Whether a statement's text names no column list (`*`, not `count(*)`): a migration could
 * change its columns under a cached statement, so neither driver keeps a row maker (or, on
 * PostgreSQL, a row description) for it.
 */
export function selectsAllColumns(text: string): boolean {
  return /\*(?!\))/.test(text);
}
