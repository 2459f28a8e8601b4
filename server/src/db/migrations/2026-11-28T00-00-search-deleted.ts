/**
 * Orders soft-deleted before a delete took them out of the keyword index
 * (search-repo.ts `unindexOrder`; docs/design.md, "Keyword search"): their index entries
 * go. On PostgreSQL an unfiltered keyword search reads the postings alone, so a deleted
 * order's postings counted it in the total. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (isPg(db)) {
    await sql`delete from work_order_terms t using work_orders w where w.id = t.work_order_id and w.deleted_at is not null`.execute(db);
    await sql`delete from work_order_search s using work_orders w where w.id = s.work_order_id and w.deleted_at is not null`.execute(db);
  } else {
    await sql`delete from work_order_search where rowid in (select id from work_orders where deleted_at is not null)`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Nothing to restore: a deleted order is not listed, so it needs no index entry.
}
