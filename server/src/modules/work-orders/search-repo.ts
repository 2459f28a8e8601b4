/**
 * SQL of the keyword index of work orders (docs/design.md, "Keyword search"): SQLite FTS5,
 * or on PostgreSQL postings (`work_order_terms`: company, term, order, all three the key)
 * beside each order's list of terms (`work_order_search.terms`, a tsvector), both holding
 * the terms of lib/search-terms.ts. The order repository indexes an order when it is made
 * and when its title or form changes; the list's keyword filter is `matching` (a set) or
 * list-repo.ts's newest-first reading through `postingsOf`.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { CompanyId, WorkOrderId } from '@swo/contract';
import { isPostgres, type Db } from '../../db/types.ts';
import { LATER } from '../../db/deferred-writes.ts';
import { CHANGES_NO_READ } from '../../db/read-cache.ts';
import type { DB, WorkOrdersTable } from '../../db/schema.ts';
import { documentTerms, orderDocument, queryTerms, type SearchQuery } from '../../lib/search-terms.ts';

type OrderText = Parameters<typeof orderDocument>[0];

/**
 * (Re)indexes one order under the terms of its number, title, requester and form text;
 * `fresh` says the order is new (made in this transaction), so it has no terms to replace.
 * PostgreSQL: a re-index first removes the postings of the terms the order no longer
 * holds, read from its old term list before the upsert replaces that list.
 */
export async function indexOrder(db: Db, companyId: CompanyId, orderId: WorkOrderId, o: OrderText, { fresh = false } = {}): Promise<void> {
  const terms = documentTerms(orderDocument(o));
  if (isPostgres(db)) {
    if (!fresh)
      await sql`delete from work_order_terms where company_id = ${companyId} and work_order_id = ${orderId}
        and term in (select unnest(tsvector_to_array(terms)) from work_order_search where work_order_id = ${orderId})
        and term <> all (${terms}::text[])`.execute(db);
    // A new order's rows are plain inserts: nothing to conflict with, and ON CONFLICT checks each row apart.
    const onConflict = (clause: string) => sql.raw(fresh ? '' : ` on conflict ${clause}`);
    const replaced = onConflict('(work_order_id) do update set terms = excluded.terms');
    await sql`insert into work_order_search (work_order_id, company_id, terms)
      values (${orderId}, ${companyId}, array_to_tsvector(${terms}::text[]))${replaced}${sql.raw(LATER)}`.execute(db);
    await sql`insert into work_order_terms (company_id, term, work_order_id)
      select ${companyId}, unnest(${terms}::text[]), ${orderId}${onConflict('do nothing')}${sql.raw(LATER)}`.execute(db);
  } else {
    if (!fresh) await sql`delete from work_order_search where rowid = ${orderId}`.execute(db);
    const tag = companyTag(companyId);
    await sql`insert into work_order_search (rowid, terms) values (${orderId}, ${terms.map((t) => tag + t).join(' ')})`.execute(db);
  }
}

/**
 * Takes order `orderId` out of the keyword index when it is soft-deleted: a deleted order is
 * never listed, and on PostgreSQL an unfiltered search reads the postings alone
 * (list-repo.ts `exactMatches`), so postings left behind would count it in totals.
 */
export async function unindexOrder(db: Db, companyId: CompanyId, orderId: WorkOrderId): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from work_order_terms where company_id = ${companyId} and work_order_id = ${orderId}`.execute(db);
    await sql`delete from work_order_search where company_id = ${companyId} and work_order_id = ${orderId}`.execute(db);
  } else {
    await sql`delete from work_order_search where rowid = ${orderId}`.execute(db);
  }
}

/** Base-36 digits of the company tag of SQLite's index terms: ids below 36^6 (2.1 billion). */
const COMPANY_TAG = 6;

/**
 * SQLite: what the keyword index puts before each term of company `companyId`: the company id
 * in six base-36 digits (a fixed width, so no tag is the start of another's term). FTS5 reads
 * a whole run of letters and digits as one token, so the tag stays on its term, and a search
 * reads only its company's matches (migration 2026-12-02T00-00; docs/design.md, "Keyword
 * search"). The index's prefix sizes, 8 and 9, are the tag and 2 or 3 characters.
 */
function companyTag(companyId: CompanyId): string {
  return companyId.toString(36).padStart(COMPANY_TAG, '0');
}

/** A double-quoted FTS5 string / a single-quoted tsquery lexeme (terms hold letters and digits only). */
const fts = (t: string) => `"${t.replace(/"/g, '""')}"`;
const lexeme = (t: string) => `'${t.replace(/['\\]/g, '')}'`;

/**
 * The query terms of `keyword`, or null when it holds no letter or digit: such a keyword
 * matches nothing (the one place of that rule; callers read null as "no order").
 */
export function parseKeyword(keyword: string): SearchQuery | null {
  const q = queryTerms(keyword);
  return q.exact.length || q.prefix.length ? q : null;
}

/** The FTS5 MATCH text of query terms in company `companyId`'s part of the index: every term, prefix words with `*`. */
export function ftsQuery(companyId: CompanyId, q: SearchQuery): string {
  const tag = companyTag(companyId);
  const tagged = (t: string) => fts(tag + t);
  return [...q.exact.map(tagged), ...q.prefix.map((t) => `${tagged(t)}*`)].join(' ');
}

/** The tsquery text of query terms: every term, prefix words with `:*`. */
function tsQuery(q: SearchQuery): string {
  return [...q.exact.map(lexeme), ...q.prefix.map((t) => `${lexeme(t)}:*`)].join(' & ');
}

/**
 * PostgreSQL: a term's postings are the end of an index range, `[prefix, prefix + TOP)` for
 * a prefix: terms compare bytewise (`collate "C"`, code point order) and hold letters and
 * digits only, never U+10FFFF.
 */
const TOP = '\u{10FFFF}';

/** PostgreSQL: the ids of the company's orders holding term `t` (or, `prefix`, a term beginning with it). */
function postingIds(companyId: CompanyId, t: string, prefix = false) {
  return prefix
    ? sql<WorkOrderId>`(select work_order_id from work_order_terms where company_id = ${companyId} and term >= ${t} and term < ${t + TOP})`
    : sql<WorkOrderId>`(select work_order_id from work_order_terms where company_id = ${companyId} and term = ${t})`;
}

/** The condition "order `w` matches `q`": every CJK character or pair of it, and every other word as a prefix. */
export function matching(eb: ExpressionBuilder<DB & { w: WorkOrdersTable }, 'w'>, db: Db, companyId: CompanyId, q: SearchQuery) {
  if (isPostgres(db)) {
    return eb.and([
      ...q.exact.map((t) => eb('w.id', 'in', postingIds(companyId, t))),
      ...q.prefix.map((t) => eb('w.id', 'in', postingIds(companyId, t, true))),
    ]);
  }
  return eb('w.id', 'in', sql<WorkOrderId>`(${ftsMatches(ftsQuery(companyId, q))})`);
}

/** SQLite: the ids (`id`, the index's rowids) of the orders matching the FTS5 text `match`, in no order. */
function ftsMatches(match: string) {
  return sql<{ id: WorkOrderId }>`select rowid as id from work_order_search where work_order_search match ${match}`;
}

/**
 * PostgreSQL: whether the order whose id is `id` matches `q`, its term list read by its key
 * (a correlated lookup: bounded work per order, however many orders hold a prefix).
 */
export function termsMatch(id: RawBuilder<WorkOrderId>, q: SearchQuery) {
  return sql<boolean>`(select s.terms from work_order_search s where s.work_order_id = ${id}) @@ ${tsQuery(q)}::tsquery`;
}

/**
 * PostgreSQL, a query with an exact term: the company's orders matching `q` as postings
 * `p` (column `p.work_order_id`), to be read newest first. They are the postings of one of
 * its exact terms, the longest (a pair of characters, or the longer word, is the rarer one
 * as a rule), the other terms asked of each: the exact ones by their postings, prefix words
 * by the order's term list. Read backwards the index stops after a page.
 */
export function postingsOf(db: Kysely<DB>, companyId: CompanyId, q: SearchQuery) {
  const [driver, ...others] = [...q.exact].sort((a, b) => [...b].length - [...a].length);
  let postings = db.selectFrom('work_order_terms as p').where('p.company_id', '=', companyId).where('p.term', '=', driver);
  for (const t of others) postings = postings.where('p.work_order_id', 'in', postingIds(companyId, t));
  if (q.prefix.length) postings = postings.where(termsMatch(sql.ref<WorkOrderId>('p.work_order_id'), { exact: [], prefix: q.prefix }));
  return postings;
}

/**
 * A PostgreSQL prefix search first looks through this many of the company's newest orders
 * for each match it wants (list-repo.ts): a prefix in one order of 8 or more is found there.
 */
export const KEYWORD_PROBE_PER_MATCH = 8;

/**
 * How many keyword matches past the end of the page asked for a list counts: beyond them
 * the total is reported as "more than" (five pages of 20 ahead; paging on counts further).
 */
export const KEYWORD_LOOKAHEAD = 100;

/**
 * SQLite only: the ids of the orders matching `match` (the FTS5 text of a query, `ftsQuery`,
 * which names the company; one parameter, so a query of it can be compiled once), newest
 * first, as a derived table `s(id)` to join on. Read in FTS5's own rowid order, a page
 * joined to it costs O(page) however common the words.
 */
export function keywordStream(match: string) {
  return sql<{ id: WorkOrderId }>`(${ftsMatches(match)} order by rowid desc)`.as('s');
}

/**
 * SQLite only: the ids of the `upTo` newest orders matching `match` (as `keywordStream`), a
 * subquery to read once (e.g. as a materialized CTE) where both a page and a count need them.
 */
export function keywordNewest(match: string, upTo: number) {
  return sql<{ id: WorkOrderId }>`(${ftsMatches(match)} order by rowid desc limit ${upTo})`;
}

/**
 * SQLite only: the orders matching `match` (as `keywordStream`) counted up to `upTo`, a
 * scalar subquery. No order is asked of the index: a count does not need one.
 */
export function keywordCount(match: string, upTo: number) {
  return sql<number>`(select count(*) from (${ftsMatches(match)} limit ${upTo}))`;
}

/** Indexes every listed order not indexed yet, `batch` at a time (after bulk loads, and at start for orders made before the index). */
export async function indexMissing(db: Kysely<DB>, batch = 2000): Promise<number> {
  let done = 0;
  for (;;) {
    const missing = isPostgres(db)
      ? sql<boolean>`not exists (select 1 from work_order_search s where s.work_order_id = w.id)`
      : sql<boolean>`w.id not in (select rowid from work_order_search)`;
    const rows = await db
      .selectFrom('work_orders as w')
      .select(['w.id', 'w.company_id', 'w.order_no', 'w.title', 'w.requester_name', 'w.requester_phone', 'w.form_data'])
      .where(missing)
      .where('w.deleted_at', 'is', null)
      .orderBy('w.id')
      .limit(batch)
      .execute();
    if (!rows.length) return done;
    await db.transaction().execute(async (trx) => {
      for (const r of rows) await indexOrder(trx, r.company_id, r.id, r);
    });
    done += rows.length;
  }
}

/**
 * PostgreSQL: every order's postings anew from its term list (`work_order_search`), after a
 * bulk load of term lists (bench/generate.ts); nothing on SQLite. The key is dropped for the
 * fill and built after it: one sort, not an index insert a row. Holds an exclusive lock on
 * the postings meanwhile (searches wait): not for a serving database under load.
 */
export async function rebuildPostings(db: Kysely<DB>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.transaction().execute(async (trx) => {
    await sql`truncate work_order_terms`.execute(trx);
    await sql`alter table work_order_terms drop constraint work_order_terms_pkey`.execute(trx);
    await sql`insert into work_order_terms (company_id, term, work_order_id)
      select company_id, unnest(tsvector_to_array(terms)), work_order_id from work_order_search`.execute(trx);
    await sql`alter table work_order_terms add constraint work_order_terms_pkey primary key (company_id, term, work_order_id)`.execute(trx);
  });
}

/**
 * SQLite: one bounded step of merging the keyword index's segments (FTS5 `merge`, at most
 * `pages` pages written, segments of a level merged once two have gathered: `usermerge`,
 * migration 2026-11-27T01-00). Returns whether it did any work (FTS5 says: the connection's
 * total changes moved by 2 or more). A query reads every segment holding its terms, so a
 * merged index answers sooner (docs/design.md, "Keyword search"); PostgreSQL has nothing to
 * merge (false).
 */
export async function mergeIndexStep(db: Kysely<DB>, pages: number): Promise<boolean> {
  if (isPostgres(db)) return false;
  // One connection held for the three statements: no other statement's changes in between.
  return db.connection().execute(async (c) => {
    const changes = async () => (await sql<{ n: number }>`select total_changes() as n`.execute(c)).rows[0].n;
    const before = await changes();
    // Marked: a merge changes no search's or page's result, and must not drop the kept ones (db/read-cache.ts).
    await sql`${sql.raw(CHANGES_NO_READ)}insert into work_order_search (work_order_search, rank) values ('merge', ${pages})`.execute(c);
    return (await changes()) - before >= 2;
  });
}
