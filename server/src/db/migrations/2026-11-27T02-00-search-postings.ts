/**
 * PostgreSQL's keyword index as postings (docs/design.md, "Keyword search"): one row per
 * term of an order, `(company_id, term, work_order_id)` as the primary key, so the newest
 * orders holding a term are the end of one index range, read backwards and stopped after a
 * page: O(page) however common the word. The GIN index over `work_order_search.terms` gave
 * a term's matches only as an unordered set, so a common word walked the company's newest
 * orders reading each one's terms (4.6 ms for 漏水 on the 1M-order bench database, 0.7 ms
 * from postings; planning 3.2 -> 0.4 ms). `work_order_search` stays as each order's list
 * of terms (what a re-index removes, what a prefix check reads by key); its GIN index and
 * the larger statistics sample that steered the planner between walk and index
 * (2026-11-26T03-00) go. Terms compare bytewise (`collate "C"`): a prefix is the range
 * [prefix, prefix || U+10FFFF). No foreign key: 28 checks a create, and orders are never
 * deleted. SQLite (FTS5) is unchanged. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (!isPg(db)) return;
  await sql`create table work_order_terms (
    company_id integer not null,
    term text collate "C" not null,
    work_order_id integer not null
  )`.execute(db);
  await sql`insert into work_order_terms (company_id, term, work_order_id)
    select company_id, unnest(tsvector_to_array(terms)), work_order_id from work_order_search`.execute(db);
  // Built after the fill: one sort instead of a row at a time.
  await sql`alter table work_order_terms add constraint work_order_terms_pkey primary key (company_id, term, work_order_id)`.execute(db);
  await sql`drop index work_order_search_terms`.execute(db);
  await sql`alter table work_order_search alter column terms set statistics -1`.execute(db);
  await sql`analyze work_order_terms`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!isPg(db)) return;
  await sql`create index work_order_search_terms on work_order_search using gin (terms)`.execute(db);
  await sql`alter table work_order_search alter column terms set statistics 1000`.execute(db);
  await sql`drop table work_order_terms`.execute(db);
}
