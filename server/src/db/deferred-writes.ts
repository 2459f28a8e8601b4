/**
 * Deferred writes on PostgreSQL (docs/design.md, "Deferred writes"). Inside a transaction,
 * an INSERT whose result nobody reads (the counters, the keyword index, history and log
 * rows) and a `select pg_notify(...)` can wait: the query is marked with `later(query)`, the
 * connection answers it at once as one row written, and sends the waiting writes together,
 * as one statement of data-modifying CTEs, just before the transaction's next other
 * statement (a read, a savepoint, the commit). Every round trip to PostgreSQL costs a
 * syscall each way and a wake-up of a backend; a public create made 13 of them.
 *
 * - A rollback drops the waiting writes unsent; a rollback to a savepoint comes after they
 *   were sent, so it undoes them as it would have.
 * - A deferred write that fails makes the next statement fail: the transaction still fails whole.
 * - Two writes into one table never share a statement (PostgreSQL does not support changing
 *   a row twice in one statement): the waiting ones are sent before the second is kept.
 * - Outside a transaction, and on SQLite, a marked query runs at once as it is.
 */
import { sql, type Expression } from 'kysely';

/** The mark at the end of a deferrable statement's text (a comment: SQLite ignores it). */
export const LATER = ' /* swo:later */';

/** `query` marked as deferrable: its result will not be read (its rows, or how many it wrote). */
export function later<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(LATER));
}

/** What the connection answers for a deferred statement: one row written, none returned. */
export const DEFERRED_RESULT = Object.freeze({ command: 'INSERT', rowCount: 1, rows: [] as unknown[], fields: [] as unknown[] });

/** A statement's text and parameter values. */
export interface Statement {
  text: string;
  values: unknown[];
}

interface Waiting {
  /** Data-modifying statements, each to become a CTE. */
  writes: Statement[];
  /** A select to be the statement's own query (a notify). */
  select?: Statement;
  /** Tables the writes go into. */
  tables: Set<string>;
}

/** The writes one connection keeps while its transaction runs. */
export class DeferredWrites {
  private open = false;
  private waiting: Waiting = { writes: [], tables: new Set() };

  /**
   * Called with every statement before it is sent: `first`, the waiting writes as one
   * statement to send before it (or null); `kept`, whether this statement now waits (answer
   * it with DEFERRED_RESULT) rather than being sent after `first`.
   */
  take(text: string, values: unknown[]): { first: Statement | null; kept: boolean } {
    if (text.endsWith(LATER) && this.open) {
      const item = deferrable(text.slice(0, -LATER.length), values);
      if (item) {
        const first = this.clashes(item) ? this.drain() : null;
        this.keep(item);
        return { first, kept: true };
      }
    }
    const head = text.trimStart().slice(0, 20).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start transaction')) {
      this.open = true;
      this.clear();
      return { first: null, kept: false };
    }
    if (head === 'rollback') {
      this.open = false;
      this.clear();
      return { first: null, kept: false };
    }
    if (head === 'commit') this.open = false;
    return { first: this.drain(), kept: false };
  }

  /** Whether `item` cannot join the waiting writes: a second write into one table, or a second select. */
  private clashes(item: Deferrable): boolean {
    return item.kind === 'select' ? !!this.waiting.select : this.waiting.tables.has(item.table);
  }

  private keep(item: Deferrable): void {
    if (item.kind === 'select') this.waiting.select = { text: item.text, values: item.values };
    else {
      this.waiting.writes.push({ text: item.text, values: item.values });
      this.waiting.tables.add(item.table);
    }
  }

  /** The waiting writes as one statement (emptied), or null when none wait. */
  private drain(): Statement | null {
    const { writes, select } = this.waiting;
    if (!writes.length && !select) return null;
    this.clear();
    if (!writes.length) return select!;
    const values: unknown[] = [];
    const ctes = writes.map((w, i) => {
      const text = renumbered(w.text, values.length);
      values.push(...w.values);
      return `swo_w${i} as (${text})`;
    });
    const main = select ? renumbered(select.text, values.length) : 'select 1';
    if (select) values.push(...select.values);
    return { text: `with ${ctes.join(', ')} ${main}`, values };
  }

  private clear(): void {
    this.waiting = { writes: [], tables: new Set() };
  }
}

type Deferrable = { kind: 'write'; table: string; text: string; values: unknown[] } | { kind: 'select'; text: string; values: unknown[] };

/** An INSERT (its table) or a SELECT that can wait, or null (anything else, or text `renumbered` cannot read). */
function deferrable(text: string, values: unknown[]): Deferrable | null {
  if (renumbered(text, 0) !== text) return null; // dollar quotes or parameters out of order: send as it is
  const insert = /^\s*insert\s+into\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text);
  if (insert) return { kind: 'write', table: insert[1].toLowerCase(), text, values };
  if (/^\s*select\s/i.test(text)) return { kind: 'select', text, values };
  return null;
}

/** Quoted strings and identifiers, comments, parameters (`$n`) and any other dollar sign. */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)|\$/g;

/**
 * `text` with each parameter `$n` outside quotes and comments written `$(n + offset)`.
 * Text it cannot read safely (a dollar-quoted string) comes back changed even at offset 0,
 * by a trailing mark, so `deferrable` refuses it.
 */
export function renumbered(text: string, offset: number): string {
  let unreadable = false;
  const out = text.replace(TOKENS, (token: string, n: string | undefined) => {
    if (n !== undefined) return `$${Number(n) + offset}`;
    if (token === '$') unreadable = true;
    return token;
  });
  return unreadable ? `${out}\u0000` : out;
}
