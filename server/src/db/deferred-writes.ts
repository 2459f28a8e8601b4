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
 *   a row twice in one statement): the waiting ones are sent before the second is kept. But
 *   `summed` writes of one text do share it: those of one key become one write of their sum
 *   (`mergedStatement`), those of other keys are other rows.
 * - A plain `begin` waits as well, until the transaction's first statement that is sent: a
 *   transaction of waiting writes only goes as their one statement, without begin and
 *   commit (a statement commits or fails whole on its own).
 * - A transaction whose every statement waited is handed over whole at its commit (`Plan.held`):
 *   the connection sends it as one statement, alone or merged with other connections' held
 *   transactions of the same turn (statement-merge.ts, `mergedStatement`).
 * - Outside a transaction, and on SQLite, a marked query runs at once as it is.
 */
import { sql, type Expression } from 'kysely';
import { BoundedMap } from '../lib/bounded-map.ts';
import { maskQuoted, NotSettable, QUOTED_OR_COMMENT, setFormOf, textArray, valuesRow, type ColumnTypes } from './set-form.ts';

/** The mark at the end of a deferrable statement's text (a comment: SQLite ignores it). */
export const LATER = ' /* swo:later */';

/** The mark of a deferrable counter upsert (`summed`). */
export const SUMMED = ' /* swo:later sum */';

/** `query` marked as deferrable: its result will not be read (its rows, or how many it wrote). */
export function later<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(LATER));
}

/**
 * `query`, a counter upsert, marked as deferrable and summable: its last parameter is the
 * amount it adds, every other parameter is part of the row's key (the conflict target), and
 * the update adds the inserted amount (`count = t.count + excluded.count`). Two such writes
 * with the same text and the same other parameters are one write of the summed amount: so
 * held transactions that bump one counter row can share a statement (`mergedStatement`).
 */
export function summed<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(SUMMED));
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

/**
 * What to do with a statement: send `send` first, in order, then `held` (as one statement,
 * `mergedStatement`, perhaps with others), then answer `local`, or send the statement
 * itself when `local` is null.
 */
export interface Plan {
  send: Statement[];
  local: Readonly<{ command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] }> | null;
  held?: Held;
}

/** A waiting write, the table it goes into and whether it is `summed`. */
interface Write extends Statement {
  table: string;
  summed: boolean;
}

/** A transaction's waiting writes and its waiting select (at most one), to be sent as one statement. */
export interface Held {
  readonly writes: readonly Write[];
  readonly select: Statement | null;
}

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

  /** Whether a transaction is open (begun, not yet committed or rolled back). */
  get inTransaction(): boolean {
    return this.open;
  }

  /** Called with every statement before it is sent: what to send and what to answer (Plan). */
  take(text: string, values: unknown[]): Plan {
    const mark = !this.open ? null : text.endsWith(LATER) ? LATER : text.endsWith(SUMMED) ? SUMMED : null;
    if (mark) {
      const { kind, unmarked } = kindOf(text, mark);
      if (kind !== null) {
        const statement = { text: unmarked, values };
        const summable = mark === SUMMED;
        const clash =
          kind === SELECT ? this.select !== null : this.writes.some((w) => w.table === kind && !(summable && w.summed && w.text === statement.text));
        const send = clash ? this.flush() : [];
        if (kind === SELECT) this.select = statement;
        else this.writes.push({ ...statement, table: kind, summed: summable });
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
      const held = this.drain();
      this.open = false;
      if (this.heldBegin === null) return { send: held ? [mergedStatement([held])] : [], local: null }; // a rollback may follow if it fails: it is sent
      this.heldBegin = null;
      return held ? { send: [], local: COMMIT, held } : { send: [], local: COMMIT };
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
    if (waiting) out.push(mergedStatement([waiting]));
    return out;
  }

  /** Forgets all it holds, as a new one would start; `open`: a transaction begins. */
  reset(open = false): void {
    this.open = open;
    this.serverOpen = false;
    this.heldBegin = null;
    this.writes = [];
    this.select = null;
  }

  /** The waiting writes and select (emptied), or null when none wait. */
  private drain(): Held | null {
    const { writes, select } = this;
    this.writes = [];
    this.select = null;
    return writes.length || select ? { writes, select } : null;
  }
}

/**
 * The held transactions `helds` (or one transaction's waiting writes) as one statement of
 * data-modifying CTEs (PostgreSQL runs each once, whether or not the query reads it), their
 * selects last: `with swo_w0 as (…), … select …`. `summed` writes of the same text and key,
 * of one transaction or several, are one write of the summed amount: PostgreSQL refuses to
 * upsert a row twice in one statement. Writes of one text (of different transactions, or a
 * transaction's summed writes of other keys) are one multi-row insert where all of the
 * text's parameters are in its row of values (`rowsOf`), else CTEs of their own: ~10 CTEs
 * for 8 public creates instead of ~70, PostgreSQL's CPU a create -15-20 % (docs/design.md,
 * "Merged commits"). Their rows are distinct unless the transactions clashed, and then
 * PostgreSQL refuses the statement and the caller sends each transaction alone
 * (statement-merge.ts). With `types`, where every text has a set form (set-form.ts), each
 * text is one write of its set form instead, and the statement's text depends only on which
 * texts it holds (`fixed`: worth preparing). `helds` are not changed.
 */
export function mergedStatement(helds: readonly Held[], types?: ColumnTypes | null): Statement & { fixed?: boolean } {
  // The writes by text, in the order their texts came: each text becomes one write (rowsOf) or several.
  const byText = new Map<string, Write[]>();
  const add = (w: Write) => {
    const same = byText.get(w.text);
    if (same) same.push(w);
    else byText.set(w.text, [w]);
  };
  // Made at the first summed write only: most statements hold none. By text, then by key
  // values: a text is one string for all its writes (kindOf), a key of text and values
  // would be a new long string to hash at each write.
  let sums: Map<string, Map<string, Write>> | undefined;
  for (const held of helds)
    for (const w of held.writes) {
      if (!w.summed) {
        add(w);
        continue;
      }
      sums ??= new Map();
      let ofText = sums.get(w.text);
      if (!ofText) sums.set(w.text, (ofText = new Map<string, Write>()));
      const key = JSON.stringify(w.values.slice(0, -1));
      const sum = ofText.get(key);
      if (sum) {
        sum.values[sum.values.length - 1] = Number(sum.values[sum.values.length - 1]) + Number(w.values[w.values.length - 1]);
        continue;
      }
      // A write of its own, added to: the held one stays as it was taken.
      const own = { ...w, values: [...w.values] };
      ofText.set(key, own);
      add(own);
    }
  const selects = helds.flatMap((h) => (h.select ? [h.select] : []));
  if (types) {
    const set = setStatement(byText, selects, types);
    if (set) return set;
  }
  const values: unknown[] = [];
  const cte = (name: string, s: Statement) => {
    const text = renumbered(s.text, values.length)!;
    values.push(...s.values);
    return `${name} as (${text})`;
  };
  const ctes: string[] = [];
  for (const [text, same] of byText) {
    const rows = same.length > 1 ? rowsOf(text) : null;
    if (!rows) {
      for (const w of same) ctes.push(cte(`swo_w${ctes.length}`, w));
      continue;
    }
    const parts = same.map((w) => {
      const part = renumbered(rows.row, values.length)!;
      values.push(...w.values);
      return part;
    });
    ctes.push(`swo_w${ctes.length} as (${rows.head}${parts.join(', ')}${rows.tail})`);
  }
  let main = 'select 1';
  if (selects.length === 1) {
    main = renumbered(selects[0].text, values.length)!;
    values.push(...selects[0].values);
    if (!ctes.length) return { text: main, values };
  } else if (selects.length > 1) {
    // A select CTE runs only where the query reads it: each is read whole, by its count.
    ctes.push(...selects.map((s, i) => cte(`swo_s${i}`, s)));
    main = `select ${selects.map((_, i) => `(select count(*) from swo_s${i})`).join(', ')}`;
  }
  return { text: `with ${ctes.join(', ')} ${main}`, values };
}

/**
 * The writes by text and the selects as one statement of set forms (set-form.ts): each text
 * once, its rows' parameters as arrays; null when a text has no set form or a value cannot
 * be carried as text.
 */
function setStatement(byText: ReadonlyMap<string, readonly Write[]>, selects: readonly Statement[], types: ColumnTypes): (Statement & { fixed: true }) | null {
  const values: unknown[] = [];
  const ctes: string[] = [];
  const add = (name: string, text: string, rows: readonly Statement[]) => {
    const form = setFormOf(text, types);
    if (!form || rows.some((r) => r.values.length !== form.arity)) return false;
    ctes.push(`${name} as (${form.render(values.length)})`);
    // One array literal a parameter, of the rows' values as text.
    for (let i = 0; i < form.arity; i++) values.push(textArray(rows, i));
    return true;
  };
  const selectsByText = new Map<string, Statement[]>();
  for (const s of selects) {
    const same = selectsByText.get(s.text);
    if (same) same.push(s);
    else selectsByText.set(s.text, [s]);
  }
  try {
    for (const [text, rows] of byText) if (!add(`swo_w${ctes.length}`, text, rows)) return null;
    let i = 0;
    for (const [text, rows] of selectsByText) if (!add(`swo_s${i++}`, text, rows)) return null;
  } catch (e) {
    if (e instanceof NotSettable) return null;
    throw e;
  }
  const counts = Array.from({ length: selectsByText.size }, (_, i) => `(select count(*) from swo_s${i})`);
  return { text: `with ${ctes.join(', ')} select ${counts.length ? counts.join(', ') : '1'}`, values, fixed: true };
}

/** An insert's text cut around its one row of values: head, row (all the parameters), tail. */
interface Rows {
  head: string;
  row: string;
  tail: string;
}

const rowsCache = new BoundedMap<string, Rows | null>(1000);

/**
 * `text` as the parts of a multi-row insert, or null when it is not one whose parameters
 * all lie in its one row: `insert into t (…) values (…) [tail without parameters]`. (An
 * `insert … select` is not joined: its untyped parameters under `union all` would be text.)
 */
function rowsOf(text: string): Rows | null {
  let r = rowsCache.get(text);
  if (r === undefined) {
    r = null;
    const head = /^\s*insert\s+into\s+[^(]+\([^()]*\)\s*values\s*(?=\()/i.exec(text)?.[0];
    if (head) {
      const { masked, comment } = maskQuoted(text);
      // A comment is not read: it might hide or fake the row's end.
      const row = comment ? null : valuesRow(masked, head.length);
      const tail = row ? text.slice(row.end) : '';
      if (row && cut(tail)?.numbers.length === 0) r = { head, row: text.slice(head.length, row.end), tail };
    }
    rowsCache.set(text, r);
  }
  return r;
}

const BEGIN = answered('BEGIN');
const COMMIT = answered('COMMIT');
const ROLLBACK = answered('ROLLBACK');

/** The kind of a statement that may wait: a SELECT. */
const SELECT = Symbol('select');

/** A marked statement's kind, and its text without the mark: one string for every call of the text. */
interface Kind {
  kind: string | typeof SELECT | null;
  unmarked: string;
}

/** Marked statements' kinds by text (the texts of a few call sites, repeated on every call). */
const kinds = new BoundedMap<string, Kind>(1000);

/**
 * What a marked statement is: the table an INSERT writes, SELECT, or null when it cannot
 * wait (anything else, or text `renumbered` cannot read); and its text without the mark,
 * the same string each time: a merge looks writes up by their text (`mergedStatement`,
 * set-form.ts), and a string new each call (a slice) is hashed whole at every lookup
 * and compared character by character.
 */
function kindOf(marked: string, mark: string): Kind {
  let k = kinds.get(marked);
  if (k === undefined) {
    const text = marked.slice(0, -mark.length);
    const insert = /^\s*insert\s+into\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text);
    const kind = renumbered(text, 0) !== text ? null : insert ? insert[1].toLowerCase() : /^\s*select\s/i.test(text) && mark === LATER ? SELECT : null;
    k = { kind, unmarked: text };
    kinds.set(marked, k);
  }
  return k;
}

/** Quoted text and comments, parameters (`$n`) and any other dollar sign. */
const TOKENS = new RegExp(`${QUOTED_OR_COMMENT}|\\$(\\d+)|\\$`, 'g');

/** A text cut at its parameters: `texts[0]`, `$numbers[0]`, `texts[1]`, …; null: unreadable. */
type Cut = { texts: string[]; numbers: number[] } | null;

/** Cuts by text: a merge renumbers the same few texts (the call sites' writes) again and again. */
const cuts = new BoundedMap<string, Cut>(1000);

/** `text` cut at each parameter `$n` outside quotes and comments, or null for a dollar-quoted string. */
function cut(text: string): Cut {
  let c = cuts.get(text);
  if (c === undefined) {
    const texts: string[] = [];
    const numbers: number[] = [];
    let from = 0;
    c = { texts, numbers };
    for (const m of text.matchAll(TOKENS)) {
      if (m[0] === '$') {
        c = null;
        break;
      }
      if (m[1] === undefined) continue;
      texts.push(text.slice(from, m.index));
      numbers.push(Number(m[1]));
      from = m.index + m[0].length;
    }
    texts.push(text.slice(from));
    cuts.set(text, c);
  }
  return c;
}

/**
 * `text` with each parameter `$n` outside quotes and comments written `$(n + offset)`, or
 * null for text it cannot read safely (a dollar-quoted string).
 */
export function renumbered(text: string, offset: number): string | null {
  const c = cut(text);
  if (!c) return null;
  let out = c.texts[0];
  for (let i = 0; i < c.numbers.length; i++) out += `$${c.numbers[i] + offset}${c.texts[i + 1]}`;
  return out;
}
