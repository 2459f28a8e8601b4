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

/** A waiting write and the table it goes into. */
type Write = Statement & { table: string };

/** The writes one connection keeps while its transaction runs. */
export class DeferredWrites {
  private open = false;
  /** Data-modifying statements, each to become a CTE. */
  private writes: Write[] = [];
  /** A select to be the statement's own query (a notify). */
  private select: Statement | null = null;

  /**
   * Called with every statement before it is sent: `first`, the waiting writes as one
   * statement to send before it (or null); `kept`, whether this statement now waits (answer
   * it with DEFERRED_RESULT) rather than being sent after `first`.
   */
  take(text: string, values: unknown[]): { first: Statement | null; kept: boolean } {
    if (this.open && text.endsWith(LATER)) {
      const kind = kindOf(text);
      if (kind !== null) {
        const clash = kind === SELECT ? this.select !== null : this.writes.some((w) => w.table === kind);
        const first = clash ? this.drain() : null;
        const statement = { text: text.slice(0, -LATER.length), values };
        if (kind === SELECT) this.select = statement;
        else this.writes.push({ ...statement, table: kind });
        return { first, kept: true };
      }
    }
    const head = text.trimStart().slice(0, 20).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start transaction') || head === 'rollback') {
      // A new transaction starts with nothing waiting; a rollback drops what waits unsent.
      this.open = head !== 'rollback';
      this.writes = [];
      this.select = null;
      return { first: null, kept: false };
    }
    if (head === 'commit') this.open = false;
    return { first: this.drain(), kept: false };
  }

  /** The waiting writes as one statement (emptied), or null when none wait. */
  private drain(): Statement | null {
    const { writes, select } = this;
    this.writes = [];
    this.select = null;
    if (!writes.length) return select;
    const values: unknown[] = [];
    const ctes = writes.map((w, i) => {
      const text = renumbered(w.text, values.length)!;
      values.push(...w.values);
      return `swo_w${i} as (${text})`;
    });
    const main = select ? renumbered(select.text, values.length)! : 'select 1';
    if (select) values.push(...select.values);
    return { text: `with ${ctes.join(', ')} ${main}`, values };
  }
}

/** The kind of a statement that may wait: a SELECT. */
const SELECT = Symbol('select');

/** Marked statements' kinds by text (the texts of a few call sites, repeated on every call). */
const kinds = new Map<string, string | typeof SELECT | null>();

/**
 * What a marked statement is: the table an INSERT writes, SELECT, or null when it cannot
 * wait (anything else, or text `renumbered` cannot read).
 */
function kindOf(marked: string): string | typeof SELECT | null {
  let kind = kinds.get(marked);
  if (kind === undefined) {
    const text = marked.slice(0, -LATER.length);
    const insert = /^\s*insert\s+into\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text);
    kind = renumbered(text, 0) !== text ? null : insert ? insert[1].toLowerCase() : /^\s*select\s/i.test(text) ? SELECT : null;
    if (kinds.size >= 1000) kinds.delete(kinds.keys().next().value!);
    kinds.set(marked, kind);
  }
  return kind;
}

/** Quoted strings and identifiers, comments, parameters (`$n`) and any other dollar sign. */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)|\$/g;

/**
 * `text` with each parameter `$n` outside quotes and comments written `$(n + offset)`, or
 * null for text it cannot read safely (a dollar-quoted string).
 */
export function renumbered(text: string, offset: number): string | null {
  let unreadable = false;
  const out = text.replace(TOKENS, (token: string, n: string | undefined) => {
    if (n !== undefined) return `$${Number(n) + offset}`;
    if (token === '$') unreadable = true;
    return token;
  });
  return unreadable ? null : out;
}
