/**
 * Opens the Kysely database for a DATABASE_URL: SQLite through better-sqlite3 (WAL,
 * foreign keys on) or PostgreSQL through pg. Throws on an unknown scheme.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

// COUNT(*) and bigint columns come back from pg as strings; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export type Dialect = 'sqlite' | 'postgres';

export interface Database_ {
  db: Kysely<DB>;
  dialect: Dialect;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(url: string, opts: { poolSize?: number } = {}): Database_ {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.error(`PostgreSQL idle client error: ${err.message}`));
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url})`);
  const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/**
 * better-sqlite3 behind a cache of prepared statements keyed by SQL text (at most `max`,
 * the oldest dropped first): Kysely asks for a new statement on every query, and preparing
 * was a sixth of the CPU of a list call under load. Safe because Kysely runs one query at a
 * time on the connection (its mutex), so no cached statement is used while still iterating.
 */
function withStatementCache(sqlite: Database.Database, max = 1000) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string) {
      let st = cache.get(text);
      if (!st) {
        st = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, st);
      }
      return st;
    },
  };
}
