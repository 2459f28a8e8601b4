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
 * - A plain `begin` waits as well, until the transaction's first statement that is sent: a
 *   transaction of waiting writes only goes as their one statement, without begin and
 *   commit (a statement commits or fails whole on its own).
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

/** What the connection answers for a `begin`, `commit` or `rollback` it did not send. */
const answered = (command: string) => Object.freeze({ command, rowCount: null, rows: [] as unknown[], fields: [] as unknown[] });

/** A statement's text and parameter values. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** What to do with a statement: send `send` first, in order, then answer `local`, or send the statement itself when `local` is null. */
export interface Plan {
  send: Statement[];
  local: Readonly<{ command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] }> | null;
}

/** A waiting write and the table it goes into. */
type Write = Statement & { table: string };

/**
 * The writes one connection keeps while its transaction runs. A plain `begin` waits too,
 * until something must be sent: a transaction whose every statement waited, commit
 * included, is sent as its one statement of CTEs without begin and commit (one statement
 * is atomic on its own: it commits or fails whole), two round trips less.
 */
export class DeferredWrites {
  private open = false;
  /** The `begin` not sent yet, while nothing else had to be. */
  private heldBegin: Statement | null = null;
  /** Whether PostgreSQL has a transaction open on this connection (a begin was sent). */
  private serverOpen = false;
  /** Data-modifying statements, each to become a CTE. */
  private writes: Write[] = [];
  /** A select to be the statement's own query (a notify). */
  private select: Statement | null = null;

  /** Called with every statement before it is sent: what to send and what to answer (Plan). */
  take(text: string, values: unknown[]): Plan {
    if (this.open && text.endsWith(LATER)) {
      const kind = kindOf(text);
      if (kind !== null) {
        const clash = kind === SELECT ? this.select !== null : this.writes.some((w) => w.table === kind);
        const send = clash ? this.flush() : [];
        const statement = { text: text.slice(0, -LATER.length), values };
        if (kind === SELECT) this.select = statement;
        else this.writes.push({ ...statement, table: kind });
        return { send, local: DEFERRED_RESULT };
      }
    }
    const head = text.trimStart().slice(0, 20).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start transaction')) {
      // A new transaction starts with nothing waiting. Only a plain begin waits: one with
      // options (an isolation level) is sent, its reads must run as it says.
      this.reset(true);
      if (head === 'begin') {
        this.heldBegin = { text, values };
        return { send: [], local: BEGIN };
      }
      this.serverOpen = true;
      return { send: [], local: null };
    }
    if (head === 'rollback') {
      // Dropped unsent; nothing to roll back where the begin was never sent (or a held
      // transaction's one statement failed at its commit).
      const sent = this.serverOpen;
      this.reset(false);
      return { send: [], local: sent ? null : ROLLBACK };
    }
    if (head === 'commit') {
      const last = this.drain();
      this.open = false;
      if (this.heldBegin === null) return { send: last ? [last] : [], local: null }; // a rollback may follow if `last` fails: it is sent
      this.heldBegin = null;
      return { send: last ? [last] : [], local: COMMIT };
    }
    return { send: this.flush(), local: null };
  }

  /** The held begin and the waiting writes, to be sent now: PostgreSQL's transaction is open from here. */
  private flush(): Statement[] {
    const out: Statement[] = [];
    if (this.heldBegin) {
      out.push(this.heldBegin);
      this.heldBegin = null;
      this.serverOpen = true;
    }
    const waiting = this.drain();
    if (waiting) out.push(waiting);
    return out;
  }

  private reset(open: boolean): void {
    this.open = open;
    this.serverOpen = false;
    this.heldBegin = null;
    this.writes = [];
    this.select = null;
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

const BEGIN = answered('BEGIN');
const COMMIT = answered('COMMIT');
const ROLLBACK = answered('ROLLBACK');

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
