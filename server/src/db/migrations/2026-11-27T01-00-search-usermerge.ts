/**
 * SQLite's keyword index: the background merge (search-repo.ts mergeIndexStep) merges the
 * segments of a level once two have gathered (`usermerge` 2, FTS5's default 4), so the index
 * settles to about one segment per level. Writes still merge only at 16 (`automerge`,
 * migration 2026-11-26T01-00), which keeps an order's index entry cheap. Measured on the
 * 1M-order bench database (25 segments after its bulk load): a keyword's newest 200 matches
 * read in 471 us, 104 us once merged to one segment (3.8 s of merging, in steps); with
 * `usermerge` 4 the merge stopped at two segments, 239 us (docs/design.md, "Keyword
 * search"). PostgreSQL: nothing to do. The setting is kept in the index's config table.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (!isPg(db)) await sql`insert into work_order_search (work_order_search, rank) values ('usermerge', 2)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!isPg(db)) await sql`insert into work_order_search (work_order_search, rank) values ('usermerge', 4)`.execute(db);
}
