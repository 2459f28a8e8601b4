/**
 * What the migrations share about the two databases (SQLite and PostgreSQL). Not a
 * migration itself. What these functions produce must never change: migrations already run
 * made their tables with it. Never imports application code.
 */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

type Db = Kysely<any>;

/** Whether the migration runs on PostgreSQL. */
export const isPg = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The type and definition of an auto-increment integer key column, to spread into
 * `addColumn('id', ...serialKey(db))`: `serial primary key` on PostgreSQL, `integer primary
 * key autoincrement` on SQLite.
 */
export function serialKey(db: Db) {
  const pg = isPg(db);
  return [pg ? 'serial' : 'integer', (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
}
