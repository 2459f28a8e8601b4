/**
 * The benchmark fixture: the demo data plus `total` work orders generated in bulk over the
 * demo companies' applications (statuses, handlers, requesters and form text spread the same
 * way in both dialects; a requester's row for every four orders, as public orders have),
 * then the rebuilds a bulk load needs (status counters, participants, the keyword index)
 * and ANALYZE. Used by bench/run.ts (SQLite) and bench/http-load.ts
 * (SQLite and PostgreSQL). Rows go in straight through SQL: a fixture, not app behaviour.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { openDatabase } from '../server/src/db/connect.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import type { DB } from '../server/src/db/schema.ts';
import { seedDemo } from '../server/src/db/seed/index.ts';
import { syncMenuCatalogue } from '../server/src/modules/access/repo.ts';
import { rebuildParticipants } from '../server/src/modules/work-orders/participants-repo.ts';
import { rebuildStatusCounts } from '../server/src/modules/work-orders/repo.ts';
import { indexMissing, rebuildPostings } from '../server/src/modules/work-orders/search-repo.ts';
import { documentTerms, orderDocument } from '../server/src/lib/search-terms.ts';

/** What requesters write: the keyword search is measured on words that occur in ~1-5 % of orders. */
export const PHRASES = [
  '卫生间水管漏水',
  '空调不制冷',
  '电梯故障停运',
  '门禁卡失效',
  '楼道灯不亮',
  '下水道堵塞',
  '窗户玻璃破裂',
  '暖气片不热',
  '停车场道闸坏了',
  '垃圾清运不及时',
  '外墙瓷砖脱落',
  '噪音扰民',
  '网络无法连接',
  '打印机卡纸',
  '电脑蓝屏',
  '邮箱登录失败',
  'water pump broken',
  'elevator door stuck',
  'light bulb flickering',
  'printer out of toner',
  'wifi keeps dropping',
  'bloqueio de acesso',
  'vazamento na cozinha',
  '門禁卡無法使用',
  '冷氣漏水',
  '热水器不出热水',
  '燃气有异味',
  '屋顶渗水',
];
export const STATUSES = ['unassigned', 'processing', 'pending_review', 'completed', 'completed', 'completed', 'rejected', 'cancelled', 'withdrawn'];

export interface AppRow {
  id: number;
  company_id: number;
  template_id: number;
  category_id: number | null;
}

export interface Generated {
  db: Kysely<DB>;
  companies: { id: number }[];
  apps: AppRow[];
  existing: number;
  toMake: number;
}

/** Orders are spread evenly in time from this date to now, oldest first (ids follow time). */
const START = Date.parse('2024-01-01T00:00:00Z');

/**
 * Bulk orders a requester has, on average. Every public order has its requester's row
 * (requester/service.ts `requesterFor`); a fixture without them left `requesters` empty,
 * and PostgreSQL planned each backend's foreign-key check of a new order's requester as a
 * scan of that table once, when it was empty, and kept that plan while the creates filled
 * it: on a just-generated database PostgreSQL's CPU a create was twice what it was once
 * autovacuum's ANALYZE of the table had replanned the check (docs/benchmark-history.md, 2026-12-06).
 */
const ORDERS_PER_REQUESTER = 4;

/**
 * The bulk requesters: `count` of them, a multiple of the applications' number, so that
 * order i's requester, `firstId + i % count`, is of order i's company (requester k is of
 * application k % apps.length's company, as order i is of application i % apps.length's).
 */
interface BulkRequesters {
  firstId: number;
  count: number;
}

/** How many bulk requesters `toMake` orders have: none for none, else a multiple of the applications' number. */
function requesterCount(toMake: number, apps: readonly AppRow[]): number {
  return Math.ceil(toMake / ORDERS_PER_REQUESTER / apps.length) * apps.length;
}

/** A bulk requester's ident key: a hex SHA-256, as the keys of idents made before time-prefixed ones (requester/ident.ts). */
const requesterKey = (k: number) => createHash('sha256').update(`bench-requester-${k}`).digest('hex');

/** Bulk requester k's name and phone, on its row and on its orders (SQLite; `generatePostgres` writes the same in SQL). */
const requesterName = (k: number) => `请求人${k % 1000}`;
const requesterPhone = (k: number) => `138${String(k % 1e8).padStart(8, '0')}`;

/** Migrates and seeds the database at `url`, reads the demo rows the generator spreads orders over. */
async function prepare(url: string, total: number) {
  const { db } = openDatabase(url);
  await migrateToLatest(db);
  await syncMenuCatalogue(db);
  await seedDemo(db);
  const companies = await db.selectFrom('companies').select('id').orderBy('id').execute();
  const apps = (await db.selectFrom('applications').select(['id', 'company_id', 'template_id', 'category_id']).orderBy('id').execute()) as AppRow[];
  const handlers = (await db.selectFrom('staff').select(['id', 'company_id']).orderBy('id').execute()) as { id: number; company_id: number }[];
  const existing = Number(
    (
      await db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { db, companies: companies as { id: number }[], apps, handlers, existing, toMake: Math.max(0, total - existing) };
}

/** The rebuilds after a bulk load; logs the keyword index's time as bench/run.ts always has. */
async function rebuild(db: Kysely<DB>): Promise<void> {
  await rebuildStatusCounts(db);
  await rebuildParticipants(db);
  const tIndex = Date.now();
  const indexed = await indexMissing(db, 5000);
  console.log(`Keyword index: ${indexed.toLocaleString()} orders in ${((Date.now() - tIndex) / 1000).toFixed(1)} s.`);
}

const generatedLine = (g: Generated, t0: number) =>
  `Generated ${g.toMake.toLocaleString()} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s (total ${(g.existing + g.toMake).toLocaleString()}).`;

/** SQLite file at `file`: rows inserted one prepared statement at a time in one transaction. */
export async function generateSqlite(file: string, total: number): Promise<Generated> {
  const p = await prepare(`sqlite:${file}`, total);
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  const t0 = Date.now();
  const insert = raw.prepare(`insert into work_orders (company_id, order_no, title, status, application_id, template_id, template_version,
  category_id, handler_id, requester_id, requester_name, requester_phone, creator_staff_id, form_data, reason, version, created_at, updated_at)
  values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, null, ?, null, 1, ?, ?)`);
  const span = Date.now() - START;
  const { apps, handlers, toMake } = p;
  const atOf = (i: number) => new Date(START + Math.floor((i / toMake) * span)).toISOString();
  const req: BulkRequesters = {
    firstId: (raw.prepare('select coalesce(max(id), 0) as n from requesters').get() as { n: number }).n + 1,
    count: requesterCount(toMake, apps),
  };
  const insertRequester = raw.prepare('insert into requesters (id, company_id, name, phone, ident_hash, created_at) values (?, ?, ?, ?, ?, ?)');
  raw.transaction(() => {
    for (let k = 0; k < req.count; k++)
      insertRequester.run(req.firstId + k, apps[k % apps.length].company_id, requesterName(k), requesterPhone(k), requesterKey(k), atOf(k));
    for (let i = 0; i < toMake; i++) {
      const app = apps[i % apps.length];
      const status = STATUSES[(i * 7919) % STATUSES.length];
      const hs = handlers.filter((h) => h.company_id === app.company_id);
      const handler = status === 'unassigned' || status === 'withdrawn' ? null : hs[i % hs.length].id;
      const at = atOf(i);
      const requester = i % req.count;
      insert.run(
        app.company_id,
        `B${String(i).padStart(12, '0')}`,
        `批量工单 ${i} - ${i % 97}栋`,
        status,
        app.id,
        app.template_id,
        app.category_id,
        handler,
        req.firstId + requester,
        requesterName(requester),
        requesterPhone(requester),
        JSON.stringify({ description: `${PHRASES[(i * 31) % PHRASES.length]}，第 ${i} 号` }),
        at,
        at,
      );
    }
  })();
  raw.exec('analyze');
  raw.close();
  await rebuild(p.db);
  console.log(generatedLine(p, t0));
  return p;
}

/**
 * PostgreSQL database at `url` (already created, empty): one INSERT … SELECT over
 * generate_series computing the same spread as generateSqlite's loop, in the same order (ids
 * follow time, so the newest page is the same kind of page in both dialects).
 */
export async function generatePostgres(url: string, total: number): Promise<Generated> {
  const p = await prepare(url, total);
  const t0 = Date.now();
  const { db, apps, handlers, toMake } = p;
  const span = Date.now() - START;
  // Application number i % apps.length with its company's handlers, as the SQLite loop picks them.
  const appRows = apps.map((app, a) => {
    const hs = handlers.filter((h) => h.company_id === app.company_id).map((h) => h.id);
    return sql`(${a}::int, ${app.company_id}::int, ${app.id}::int, ${app.template_id}::int, ${app.category_id}::int, ${hs}::int[])`;
  });
  // Order i's time: its place in the run, spread from START to now.
  const atOf = (i: RawBuilder<unknown>) =>
    sql`to_char(to_timestamp((${START}::float8 + floor(${i}::float8 / ${toMake} * ${span})) / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // Bulk requester k's name and phone, on its row and on its orders (as `requesterName`, `requesterPhone`).
  const nameOf = (k: RawBuilder<unknown>) => sql`'请求人' || (${k} % 1000)`;
  const phoneOf = (k: RawBuilder<unknown>) => sql`'138' || lpad((${k} % 100000000)::text, 8, '0')`;
  const { n: lastRequester } = (await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from requesters`.execute(db)).rows[0];
  const req: BulkRequesters = { firstId: lastRequester + 1, count: requesterCount(toMake, apps) };
  await sql`insert into requesters (id, company_id, name, phone, ident_hash, created_at)
    with apps (a, company_id, id, template_id, category_id, hs) as (values ${sql.join(appRows)})
    select ${req.firstId}::int + k, app.company_id, ${nameOf(sql`k`)}, ${phoneOf(sql`k`)},
      encode(sha256(convert_to('bench-requester-' || k, 'UTF8')), 'hex'), ${atOf(sql`k`)}
    from generate_series(0, ${req.count - 1}::int) k join apps app on app.a = k % ${apps.length}
    order by k`.execute(db);
  await sql`select setval(pg_get_serial_sequence('requesters', 'id'), (select max(id) from requesters))`.execute(db);
  await sql`insert into work_orders (company_id, order_no, title, status, application_id, template_id, template_version, category_id,
      handler_id, requester_id, requester_name, requester_phone, form_data, version, created_at, updated_at)
    with apps (a, company_id, id, template_id, category_id, hs) as (values ${sql.join(appRows)})
    select app.company_id, 'B' || lpad(i::text, 12, '0'), '批量工单 ' || i || ' - ' || (i % 97) || '栋', x.st, app.id, app.template_id, 1,
      app.category_id, case when x.st in ('unassigned', 'withdrawn') then null else app.hs[1 + (i % cardinality(app.hs))::int] end,
      ${req.firstId}::int + x.k::int, ${nameOf(sql`x.k`)}, ${phoneOf(sql`x.k`)},
      json_build_object('description', (${PHRASES}::text[])[(1 + (i * 31) % ${PHRASES.length})::int] || '，第 ' || i || ' 号')::text, 1, x.at, x.at
    from generate_series(0::bigint, ${toMake - 1}::bigint) i
      join apps app on app.a = i % ${apps.length}
      cross join lateral (select (${STATUSES}::text[])[(1 + (i * 7919) % ${STATUSES.length})::int] st,
        ${atOf(sql`i`)} at, i % ${req.count} k) x
    order by i`.execute(db);
  // Statistics first: the keyword index's foreign key checks each row against work_orders, and
  // planned on the stats of the empty table they scan it whole (5,000 rows took ~25 s, not 1).
  await sql`analyze work_orders`.execute(db);
  await indexPostgresInBulk(db);
  await rebuild(db);
  // A database as autovacuum leaves it, written to disk: without this the load ran while
  // PostgreSQL set the new rows' hint bits and wrote the bulk load back (the same code gave
  // 30-45 % fewer detail and create calls a second on a just-loaded database).
  await sql`vacuum (analyze)`.execute(db);
  // CHECKPOINT needs a superuser (or pg_checkpoint): without one the writes settle as they may.
  await sql`checkpoint`.execute(db).catch(() => undefined);
  console.log(generatedLine(p, t0));
  return p;
}

/**
 * PostgreSQL's keyword index for the bulk-loaded orders, 5,000 rows per statement: the
 * server's own terms (lib/search-terms.ts) as indexOrder stores them (term lists, then
 * their postings), but without its round trip per order, which made indexMissing take
 * some 8 minutes at 1M orders here.
 * The indexMissing that follows (in rebuild) then finds nothing left to do.
 */
async function indexPostgresInBulk(db: Kysely<DB>): Promise<void> {
  const t = Date.now();
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('work_orders')
      .select(['id', 'company_id', 'order_no', 'title', 'requester_name', 'requester_phone', 'form_data'])
      .where('id', '>', after as never)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (!rows.length) break;
    after = Number(rows[rows.length - 1].id);
    // Terms hold letters and digits only, so a space joins and splits them safely.
    await sql`insert into work_order_search (work_order_id, company_id, terms)
      select o, c, array_to_tsvector(string_to_array(t, ' ')) from unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.company_id)}::int[],
        ${rows.map((r) => documentTerms(orderDocument(r)).join(' '))}::text[]) as x(o, c, t)
      on conflict (work_order_id) do nothing`.execute(db);
    done += rows.length;
  }
  // Every order's postings anew from the term lists (the demo's orders had theirs).
  await rebuildPostings(db);
  console.log(`Keyword index (PostgreSQL, in bulk): ${done.toLocaleString()} orders in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
}
