/**
 * A named prepared statement as pg runs it, without asking PostgreSQL to describe its rows
 * again once they are known (docs/design.md, "Prepared statements"). pg's own Query sends
 * Bind, Describe, Execute and Sync on every run, PostgreSQL answers each with the rows'
 * description, and pg builds its parsers and a template row from it every time: ~5 % of the
 * server's CPU of a detail call on PostgreSQL. Here the first run on a connection describes,
 * the statement's shape (column names, parsers, a row maker) is kept by statement name for
 * the process, and later runs of a statement already parsed on their connection send Bind,
 * Execute and Sync only. Rows are read as arrays and made objects by a function compiled for
 * the columns (row-maker.ts), as the SQLite driver's are.
 *
 * A statement naming no column list (`*`) describes on every run: a migration could change
 * its columns under its name. The result has pg's shape as Kysely reads it: `rows`,
 * `rowCount`, `command`, `fields`.
 */
import { createRequire } from 'node:module';
import pg from 'pg';
import { rowMaker, selectsAllColumns } from './row-maker.ts';

/** pg's value serialiser, which its own Query passes to `bind` (pg ships no types for it). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** What a statement gives back, learnt from its first description. */
export interface RowShape {
  /** The row descriptions as pg gave them; empty for a statement returning no rows. */
  fields: pg.FieldDef[];
  parsers: ((text: string) => unknown)[];
  make: (row: unknown[]) => unknown;
}

/** The shapes learnt so far, by statement name (kept by connect.ts for the process). */
export interface RowShapes {
  get(name: string): RowShape | undefined;
  learn(name: string, shape: RowShape): void;
}

/** The parts of pg's connection a query writes to (pg's Query uses the same, untyped). */
interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  execute(config: { portal: string }): void;
  sync(): void;
  close(config: { type: 'S'; name: string }): void;
  stream: { cork?: () => void; uncork?: () => void };
}

/** pg's Query with the members it leaves untyped that this class overrides or calls. */
interface QueryInternals {
  name: string;
  text: string;
  values: unknown[];
  /** A row pg's parser refused: the run fails with it when PostgreSQL is ready again. */
  _canceledDueToError: Error | false;
  /** pg's result: the command and count its handleCommandComplete reads from CommandComplete. */
  _result: { command: string | null; rowCount: number | null; _types?: { getTypeParser(oid: number, format: string): (text: string) => unknown } };
  hasBeenParsed(connection: Connection): boolean;
  handleError(err: Error, connection: Connection): void;
}

const Query = pg.Query as unknown as new (config: {
  name: string;
  text: string;
  values: unknown[];
  rowMode: 'array';
}) => pg.Query & QueryInternals & { prepare(connection: Connection): void };

/**
 * One run of the named statement `name` (`text`, `values`); `shapes` gives its shape when
 * learnt before and is told the shape a description gave. `done` receives pg's result or the
 * error PostgreSQL (or binding the values) raised. Submitted through `client.query(query)`.
 */
export class NamedStatement extends Query {
  private shape: RowShape | undefined;
  private described = false;
  private readonly rowsRead: unknown[] = [];

  constructor(
    name: string,
    text: string,
    values: unknown[],
    private readonly shapes: RowShapes,
    private readonly done: (err: Error | null, result?: pg.QueryResult) => void,
  ) {
    super({ name, text, values, rowMode: 'array' });
    // pg's client calls back through `callback`: on an error, and once PostgreSQL is ready again.
    (this as unknown as { callback: (err: Error | null) => void }).callback = (err) => (err ? done(err) : this.finish());
  }

  override prepare(connection: Connection): void {
    const known = this.shapes.get(this.name); // never one for a `*` text: see finish
    if (!known || !this.hasBeenParsed(connection)) {
      this.described = true;
      super.prepare(connection);
      return;
    }
    this.shape = known;
    try {
      connection.bind({ portal: '', statement: this.name, values: this.values, valueMapper: prepareValue });
    } catch (err) {
      // As pg's Query does: a value that cannot be sent fails this run, and the connection is synced.
      connection.close({ type: 'S', name: this.name });
      connection.sync();
      this.handleError(err as Error, connection);
      return;
    }
    connection.execute({ portal: '' });
    connection.sync();
  }

  handleRowDescription(msg: { fields: pg.FieldDef[] }): void {
    const types = this._result._types ?? pg.types;
    const parsers = msg.fields.map((f) => types.getTypeParser(f.dataTypeID, f.format === 'binary' ? 'binary' : 'text') as (text: string) => unknown);
    this.shape = { fields: msg.fields, parsers, make: rowMaker(msg.fields.map((f) => f.name)) };
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this._canceledDueToError) return;
    const { parsers, make } = this.shape!;
    const raw = msg.fields;
    const row = new Array<unknown>(raw.length);
    try {
      for (let i = 0; i < raw.length; i++) row[i] = raw[i] === null ? null : parsers[i](raw[i]!);
    } catch (err) {
      // As pg's Query does: a value its parser refuses fails the run once PostgreSQL is ready again.
      this._canceledDueToError = err as Error;
      return;
    }
    this.rowsRead.push(make(row));
  }

  private finish(): void {
    // A description with no RowDescription answered NoData: the statement gives no rows.
    this.shape ??= { fields: [], parsers: [], make: (r) => r };
    if (this.described && !selectsAllColumns(this.text)) this.shapes.learn(this.name, this.shape);
    const { command, rowCount } = this._result;
    this.done(null, { command: command!, rowCount, oid: 0, fields: this.shape.fields, rows: this.rowsRead });
  }
}
