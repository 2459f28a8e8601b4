/**
 * The keyword index of work orders (docs/design.md, "Keyword search"): the terms of each
 * order (server/src/lib/search-terms.ts makes them: CJK characters and pairs, words).
 * SQLite: an FTS5 table without stored content whose rowid is the order id (prefix indexes
 * for 2 and 3 characters). PostgreSQL: a tsvector per order (built from the terms as they
 * are, no parser) under a GIN index. Filled by the server at start for orders made before.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (isPg(db)) {
    await db.schema
      .createTable('work_order_search')
      .addColumn('work_order_id', 'integer', (c) => c.primaryKey())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('terms', sql`tsvector`, (c) => c.notNull())
      .addForeignKeyConstraint('work_order_search_order_fk', ['company_id', 'work_order_id'], 'work_orders', ['company_id', 'id'])
      .execute();
    await sql`create index work_order_search_terms on work_order_search using gin (terms)`.execute(db);
  } else {
    await sql`create virtual table work_order_search using fts5(terms, content='', contentless_delete=1, prefix='2 3')`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await sql`drop table work_order_search`.execute(db);
}
