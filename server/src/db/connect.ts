/**
 * Opens the Kysely database for a DATABASE_URL: SQLite through better-sqlite3 (WAL,
 * foreign keys on) or PostgreSQL through pg. Throws on an unknown scheme.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFERRED_RESULT, DeferredWrites } from './deferred-writes.ts';
import { HeldNotifies, NotifyRoute, registerNotifyRoute } from './notify.ts';
import { StatementMerger, type Send } from './statement-merge.ts';
import { NamedStatement, type RowShape, type RowShapes } from './pg-statement.ts';
import { rowMaker, selectsAllColumns } from './row-maker.ts';
import { CHANGES_NO_READ, trackChanges, trackSnapshots, type WriteCount } from './read-cache.ts';
import { COLUMN_TYPES_SQL, columnTypesOf } from './set-form.ts';
import { AUTOCHECKPOINT_PAGES } from './checkpoints.ts';
import { ImmediateSqliteDialect, LOCK_WAIT_MS } from './sqlite-dialect.ts';
import { runsDirect, type SqliteStatement } from './sqlite-direct.ts';
import type { DB } from './schema.ts';

// COUNT(*) and bigint columns come back from pg as strings; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export type Dialect = 'sqlite' | 'postgres';

export interface Database_ {
  db: Kysely<DB>;
  dialect: Dialect;
  /** SQLite: the database file (undefined in memory and on PostgreSQL). */
  file?: string;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * How long a pooled PostgreSQL connection may stay idle before it is closed (ms; pg's
 * default is 10 s). A new connection is a new backend whose caches of the catalogue and
 * our prepared statements start empty, and seconds of reads the read cache answers leave
 * the pool idle too (docs/design.md, "Connections kept warm", with the figures).
 */
export const POOL_IDLE_MS = 5 * 60_000;

export function openDatabase(url: string, opts: { poolSize?: number } = {}): Database_ {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, idleTimeoutMillis: POOL_IDLE_MS });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.error(`PostgreSQL idle client error: ${err.message}`));
    const route = new NotifyRoute();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool, route) }) });
    registerNotifyRoute(db, route);
    // Its change stamp is read with the auth epoch, which confirms an assumed one (read-cache.ts).
    trackSnapshots(db);
    return { db, dialect: 'postgres' };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url})`);
  const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  const onDisk = file === ':memory:' ? undefined : path.resolve(file);
  if (onDisk) fs.mkdirSync(path.dirname(onDisk), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  // Statement journals in memory: a grouped create's savepoint journal outgrew SQLite's
  // 64 KiB in-memory spill and was written to a temporary file (docs/design.md, "Group commit").
  sqlite.pragma('temp_store = memory');
  // A checkpoint every 10,000 WAL pages (~40 MB), not SQLite's 1,000: a create writes some
  // 86 pages, so one came every group or two of creates, each copying the same hot pages
  // (the newest leaves of the orders table and its indexes) into the database file again and
  // syncing it (docs/design.md, "Requester idents"; in process at 1M orders: 563 -> 460 us a create).
  // The serving process moves them to a thread of their own (checkpoints.ts).
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const writes: WriteCount = { count: 0 };
  const database = withStatementCache(sqlite, writes);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database }) });
  runsDirect(db, database.prepare);
  trackChanges(db, sqlite, writes);
  return { db, dialect: 'sqlite', file: onDisk };
}

/**
 * better-sqlite3 behind a cache of prepared statements keyed by SQL text (at most `max`,
 * the least recently used dropped first): Kysely asks for a new statement on every query,
 * and preparing was a sixth of the CPU of a list call under load. Safe because Kysely runs
 * one query at a time on the connection (its mutex), so no cached statement is used while
 * still iterating. Statements that write are counted in `writes` as they start (read-cache.ts).
 */
function withStatementCache(sqlite: Database.Database, writes: WriteCount, max = 1000) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => void sqlite.close(),
    prepare: (text: string) =>
      remembered(cache, text, max, () => {
        const stmt = sqlite.prepare(text);
        const rows = withRowMaker(stmt, text);
        return stmt.readonly || text.startsWith(CHANGES_NO_READ) ? rows : counted(rows, writes);
      }),
  };
}

/** A statement that writes, counting each run in `writes` before it starts (so a failed one counts too: a miss more, never a stale read). */
function counted(stmt: SqliteStatement, writes: WriteCount): SqliteStatement {
  return {
    reader: stmt.reader,
    all: (params) => (writes.count++, stmt.all(params)),
    run: (params) => (writes.count++, stmt.run(params)),
    iterate: (params) => (writes.count++, stmt.iterate(params)),
  };
}

/**
 * `stmt` with its rows read as arrays and made into objects by a function written for its
 * columns: better-sqlite3 builds each row object property by property through V8's C++
 * API, and that was ~30 % of reading a 20-row list page (124 -> 88 us; docs/design.md,
 * "Compiled once"). A statement naming no column list (`*`, where a migration could change
 * the columns under the cached statement) or not returning rows is kept as it is.
 */
function withRowMaker(stmt: Database.Statement, text: string): SqliteStatement {
  if (!stmt.reader || selectsAllColumns(text)) return stmt;
  const make = rowMaker(stmt.columns().map((c) => c.name));
  const rows = stmt.raw(true);
  return {
    reader: true,
    all: (params) => (rows.all(params) as unknown[][]).map(make),
    run: (params) => rows.run(params),
    iterate: function* (params) {
      for (const r of rows.iterate(params) as IterableIterator<unknown[]>) yield make(r);
    },
  };
}

/**
 * `map`'s value for `key`, made by `make` on a miss; past `max` entries the least recently
 * used goes first (a hit moves its key to the end: a Map iterates in insertion order).
 */
function remembered<V>(map: Map<string, V>, key: string, max: number, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (map.size >= max) map.delete(map.keys().next().value!);
  } else {
    map.delete(key);
  }
  map.set(key, value);
  return value;
}

/** Most statements one PostgreSQL connection keeps prepared; later ones run unnamed. */
const PREPARED_PER_CONNECTION = 1000;
/** Most statement names (and their row makers) kept for the process, shared by every connection. */
const NAMES_KEPT = 10_000;
/** Statement name by SQL text, shared by every connection (bounded like the SQLite cache). */
const statementNames = new Map<string, string>();
const prepared = Symbol('swo.prepared');

/** What each named statement gives back, learnt from its first description (pg-statement.ts). */
const shapeByName = new Map<string, RowShape>();
const rowShapes: RowShapes = {
  get: (name) => shapeByName.get(name),
  learn: (name, shape) => void remembered(shapeByName, name, NAMES_KEPT, () => shape),
};

const statementName = (text: string) => remembered(statementNames, text, NAMES_KEPT, () => `swo_${createHash('sha1').update(text).digest('base64url')}`);

type QueryFn = (text: unknown, values?: unknown, ...rest: unknown[]) => unknown;
type PreparingClient = pg.PoolClient & { [prepared]?: QueryFn };

/**
 * A statement without parameters that is prepared all the same: one select, whose text
 * repeats (the auth epoch's read runs on every signed-in call; sent as a simple query,
 * PostgreSQL parsed and planned it every time). Transaction control, DDL and anything
 * holding a `;` (maybe several statements, which cannot be prepared) run as they are.
 */
const PREPARED_WITHOUT_VALUES = /^\s*(select|with)\b[^;]*$/i;

/**
 * `client.query` with every parametrised statement (and every plain select) sent as a named
 * prepared statement, the names this connection has prepared kept on it (at most
 * PREPARED_PER_CONNECTION; later ones run unnamed). Installed once per connection of the pool.
 */
function preparingSend(client: PreparingClient): QueryFn {
  if (client[prepared]) return client[prepared];
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  return (client[prepared] = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values, ...rest);
    if (values.length === 0 && !PREPARED_WITHOUT_VALUES.test(text)) return query(text, values, ...rest);
    const name = statementName(text);
    if (!names.has(name)) {
      if (names.size >= PREPARED_PER_CONNECTION) return query(text, values, ...rest);
      names.add(name);
    }
    if (rest.length) return query({ name, text, values }, ...rest);
    return new Promise((resolve, reject) => {
      query(new NamedStatement(name, text, values, rowShapes, (err, result) => (err ? reject(err) : resolve(result))));
    });
  });
}

/** Released LazyClients kept to be handed out again (more are dropped). */
const FREE_CLIENTS = 64;

/**
 * What Kysely is handed as a pool client: the pool's connection is taken only when a
 * statement must be sent (docs/design.md, "Connections taken when needed"). A transaction
 * whose every statement waits (a public create) never takes one unless its merged commit
 * is sent on it; before, each held one from its begin until its merged commit returned,
 * so the pool bounded how many creates could be merged at once.
 */
class LazyClient {
  private readonly deferred = new DeferredWrites();
  /** Notifications kept for after the commit, when routed away from pg_notify (notify.ts). */
  private readonly notifies: HeldNotifies;
  /** The pool's connection and its preparing send, once taken. */
  private client: Promise<{ conn: pg.PoolClient; send: QueryFn }> | null = null;

  constructor(
    private readonly connect: () => Promise<pg.PoolClient>,
    private readonly merger: StatementMerger,
    private readonly free: LazyClient[],
    route: NotifyRoute,
  ) {
    this.notifies = new HeldNotifies(route);
  }

  /** The pool's connection, taken at the first call and kept until `release`. */
  private real(): Promise<{ conn: pg.PoolClient; send: QueryFn }> {
    return (this.client ??= this.connect().then((conn) => ({ conn, send: preparingSend(conn) })));
  }

  private send(text: unknown, values?: unknown, ...rest: unknown[]): Promise<unknown> {
    return this.real().then((c) => c.send(text, values, ...rest) as Promise<unknown>);
  }

  /** Kysely's calls: text and values, answered by a promise. */
  query(text: unknown, values?: unknown, ...rest: unknown[]): Promise<unknown> {
    if (typeof text !== 'string' || rest.length) return this.send(text, values, ...rest);
    if (this.notifies.hold(text, values, this.deferred.inTransaction)) return Promise.resolve(DEFERRED_RESULT);
    return this.notifies.settle(text, this.planned(text, values));
  }

  /** `text` sent, kept or answered as the deferred writes plan it. */
  private planned(text: string, values: unknown): Promise<unknown> {
    const { send: before, local, held } = this.deferred.take(text, Array.isArray(values) ? values : []);
    if (held) {
      // A merged statement of counted form goes unnamed: its text changes with what it holds (statement-merge.ts).
      const commitSend: Send = (t, v, once) => (once ? this.real().then((c) => c.conn.query(t, v)) : this.send(t, v));
      return this.merger.commit(held, commitSend).then(() => local);
    }
    if (!before.length) return local ? Promise.resolve(local) : this.send(text, values);
    let sent = this.send(before[0].text, before[0].values);
    for (const s of before.slice(1)) sent = sent.then(() => this.send(s.text, s.values));
    return sent.then(() => local ?? this.send(text, values));
  }

  /**
   * Gives the pool's connection back, once taken (Kysely calls it once a connection is done
   * with), and this client to the free list, cleared: every query outside a transaction
   * took a new client, and Kysely, which keys its connection wrapper by client, a new wrapper.
   */
  release(): void {
    const client = this.client;
    this.client = null;
    if (client)
      void client.then(
        (c) => c.conn.release(),
        () => undefined, // never taken: nothing to give back
      );
    this.deferred.reset(); // handed out again: it must hold nothing of this transaction
    this.notifies.clear();
    if (this.free.length < FREE_CLIENTS) this.free.push(this); // Kysely releases a client once
  }
}

/**
 * The pg pool with every parametrised statement sent as a named prepared statement
 * (docs/design.md, "Prepared statements"): PostgreSQL then parses it once per connection
 * and, where its generic plan is as good as the custom ones, plans it once too (paged
 * statements are planned on every run; list-repo.ts orderRow). Statements without
 * parameters (DDL, begin, commit) run as they are. What Kysely takes from the pool is a
 * `LazyClient`, which keeps the writes its transaction marked deferrable (and a plain begin)
 * until something must be sent, and sends the writes as one statement (deferred-writes.ts);
 * a transaction of such writes only is committed as one statement, merged with the others
 * committing in the same turn (statement-merge.ts).
 */
function withPreparedStatements(pool: pg.Pool, route: NotifyRoute): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // Read on a client of the pool (pool.query would call connect with a callback, which ours does not take).
  const merger = new StatementMerger(async () => {
    const client = await connect();
    try {
      return columnTypesOf((await client.query<{ table: string; column: string; type: string }>(COLUMN_TYPES_SQL)).rows);
    } finally {
      client.release();
    }
  });
  const free: LazyClient[] = [];
  pool.connect = (() => Promise.resolve(free.pop() ?? new LazyClient(connect, merger, free, route))) as unknown as typeof pool.connect;
  return pool;
}
