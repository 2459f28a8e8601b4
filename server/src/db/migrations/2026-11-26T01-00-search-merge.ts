/**
 * SQLite's keyword index (FTS5) merges its segments less eagerly: with FTS5's default
 * (`automerge` 4) each order's commit started merging once four segments of a level had
 * gathered, 1.3 ms and 10 pages of the 1.5 ms an order's index entry cost (measured on a
 * copy of the 1M-order bench database, one order per transaction); at 16 an entry costs
 * 0.16 ms and 6 pages, and a query reads more segments (a keyword page 0.3 -> 0.6 ms after
 * 1,000 new orders) until the next merge (docs/design.md, "Keyword search").
 * PostgreSQL's GIN index keeps its own pending list: nothing to do there. The setting is
 * kept in the index's config table. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (!isPg(db)) await sql`insert into work_order_search (work_order_search, rank) values ('automerge', 16)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!isPg(db)) await sql`insert into work_order_search (work_order_search, rank) values ('automerge', 4)`.execute(db);
}
