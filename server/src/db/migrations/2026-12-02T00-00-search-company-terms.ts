/**
 * SQLite's keyword index holds each term under its company (search-repo.ts `companyTag`:
 * six base-36 digits of the company id, then the term), so a search reads only its own
 * company's matches. Before, FTS5 gave the matches of every company newest first and each
 * was looked up in work_orders to drop the others': a company with few matches for a word
 * that another company's many newer orders held read all of those first; with two equal
 * companies, half the rows read were the other's. The prefix indexes move with the tag (2
 * and 3 characters of a word: 8 and 9). FTS5 cannot change a table's prefix option, so the
 * index is made anew, empty, with the merge settings of migrations 2026-11-26T01-00 and
 * 2026-11-27T01-00; main.ts fills it at start (`indexMissing`) before it serves: some two
 * to three minutes at 1M orders on this machine, once. PostgreSQL's postings already carry
 * the company: nothing to do. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';
import * as searchMerge from './2026-11-26T01-00-search-merge.ts';
import * as searchUsermerge from './2026-11-27T01-00-search-usermerge.ts';

type Db = Kysely<any>;

/** The index anew and empty, with prefix sizes `prefix` and the merge settings those migrations gave it. */
async function recreate(db: Db, prefix: string): Promise<void> {
  await sql`drop table work_order_search`.execute(db);
  await sql`create virtual table work_order_search using fts5(terms, content='', contentless_delete=1, prefix=${sql.lit(prefix)})`.execute(db);
  await searchMerge.up(db);
  await searchUsermerge.up(db);
}

export async function up(db: Db): Promise<void> {
  if (!isPg(db)) await recreate(db, '8 9');
}

export async function down(db: Db): Promise<void> {
  // The terms as they were, without the company: refilled at start by the code of then.
  if (!isPg(db)) await recreate(db, '2 3');
}
