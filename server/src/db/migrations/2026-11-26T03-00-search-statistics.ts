/**
 * PostgreSQL's planner chooses how to read a keyword search from its statistics of the
 * search terms (docs/design.md, "Keyword search"): with the default sample, a word found in
 * no order is costed as a common one, and the list walks every order of the company
 * newest first looking for it (300-350 ms at 1M orders) instead of asking the GIN index
 * (0.1 ms). A sample ten times larger keeps the rare words' estimates low. SQLite: nothing.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (isPg(db)) await sql`alter table work_order_search alter column terms set statistics 1000`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPg(db)) await sql`alter table work_order_search alter column terms set statistics -1`.execute(db);
}
