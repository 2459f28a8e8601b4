/**
 * SQL of reading work orders: one order, a filtered page with its total, export batches,
 * status counts and the reminder's count (docs/design.md, "Data scope" and "Keyword
 * search"). Part of the order repository: its functions take the company id first and are
 * reached only through `orderRepo(db, companyId)` (repo.ts).
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import {
  WORK_ORDER_STATUSES,
  type CompanyId,
  type FormTemplate,
  type StaffId,
  type TemplateId,
  type WorkOrderId,
  type WorkOrderListQuery,
  type WorkOrderStatus,
} from '@swo/contract';
import { compiledOnce } from '../../db/compiled.ts';
import { authEpochColumn } from '../../db/auth-epoch.ts';
import { parsedTemplate } from '../templates/parsed.ts';
import { isPostgres, type Db } from '../../db/types.ts';
import type { DB, WorkOrdersTable } from '../../db/schema.ts';
import type { Visibility } from './visibility.ts';
import type { SearchQuery } from '../../lib/search-terms.ts';
import {
  KEYWORD_LOOKAHEAD,
  KEYWORD_PROBE_PER_MATCH,
  ftsQuery,
  keywordCount,
  keywordNewest,
  keywordStream,
  matching,
  parseKeyword,
  postingsOf,
  termsMatch,
} from './search-repo.ts';
import { scopedCounts, scopedPageIds } from './participants-repo.ts';
import { listRecords, recordsJson, type RecordRow } from './records-repo.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';

/** History actions that make their actor a reviewer of the order. */
export const REVIEWS = ['examine_pass', 'examine_fail'];

/**
 * An order row's columns, without the company's conditions. Its display names (application,
 * category, handler) come from `names.ts namesFor`, a per-process cache: as scalar
 * subqueries they were a sixth of a page's SQLite time, and on PostgreSQL, which plans a
 * paged query anew on each call, their planning (joins of four tables cost more still).
 */
function orderRow(db: Db) {
  return db.selectFrom('work_orders as w').select(ORDER_COLUMNS);
}

/** The columns of an order row (alias `w`). */
const ORDER_COLUMNS = [
  'w.id',
  'w.order_no',
  'w.title',
  'w.status',
  'w.application_id',
  'w.template_id',
  'w.template_version',
  'w.category_id',
  'w.handler_id',
  'w.requester_name',
  'w.requester_phone',
  'w.reason',
  'w.created_at',
  'w.updated_at',
  'w.version',
  'w.creator_staff_id',
] as const;

/**
 * The names of the company's applications, categories and staff with the ids given (for
 * `names.ts`), in one statement; an id not of the company is not found.
 */
export async function displayNames(db: Db, companyId: CompanyId, ids: Record<NamedTable, number[]>) {
  const found: Record<NamedTable, Map<number, string>> = { applications: new Map(), categories: new Map(), staff: new Map() };
  const parts = NAMED_TABLES.filter((table) => ids[table].length).map(
    (table) => sql`select ${sql.lit(table)} as kind, id, name from ${sql.table(table)} where company_id = ${companyId} and id in (${sql.join(ids[table])})`,
  );
  if (!parts.length) return found;
  const { rows } = await sql<{ kind: NamedTable; id: number; name: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const r of rows) found[r.kind].set(Number(r.id), r.name);
  return found;
}

/** The tables whose names an order row shows. */
export const NAMED_TABLES = ['applications', 'categories', 'staff'] as const;
export type NamedTable = (typeof NAMED_TABLES)[number];

/**
 * The columns of an order row, built once per database handle: Kysely's builders are
 * immutable, and parsing 19 columns and the name lookups anew was most of the cost of
 * building a list query (bench/profile.ts). A transaction is a handle of its own, for its lifetime.
 */
const orderRows = new WeakMap<Db, ReturnType<typeof orderRow>>();

/** The company's live orders as order rows (alias `w`). */
export function baseSelect(db: Db, companyId: CompanyId) {
  let rows = orderRows.get(db);
  if (!rows) {
    rows = orderRow(db);
    orderRows.set(db, rows);
  }
  return rows.where((eb) => liveOrder(eb, companyId));
}

/** The condition "order `w` is one of the company's live orders" (not deleted): the one place of it. */
function liveOrder(eb: ExpressionBuilder<DB & { w: WorkOrdersTable }, 'w'>, companyId: CompanyId) {
  return eb.and([eb('w.company_id', '=', companyId), eb('w.deleted_at', 'is', null)]);
}

/**
 * The orders `v` lets a member see (docs/design.md, "Data scope"): the one SQL reading of
 * data scope, applied to the alias `w`. Own = handled, created or reviewed by them.
 */
export function visibleTo(eb: ExpressionBuilder<DB & { w: WorkOrdersTable }, 'w'>, companyId: CompanyId, v: Exclude<Visibility, { kind: 'company' }>) {
  const mine = [
    eb('w.handler_id', '=', v.staffId),
    eb('w.creator_staff_id', '=', v.staffId),
    // An IN over the actor index rather than a correlated EXISTS: every term of the OR is
    // then an index lookup, which both databases combine (SQLite's OR-by-union, PostgreSQL's
    // BitmapOr) instead of scanning the company's orders.
    eb(
      'w.id',
      'in',
      eb
        .selectFrom('work_order_records as vr')
        .select('vr.work_order_id')
        .where('vr.company_id', '=', companyId)
        .where('vr.actor_staff_id', '=', v.staffId)
        .where('vr.action', 'in', REVIEWS),
    ),
  ];
  if (v.kind === 'department' && v.applicationIds.length) mine.push(eb('w.application_id', 'in', v.applicationIds));
  return eb.or(mine);
}

/** One order of the company by id, with its form data (compiled once: the detail and every action read it). */
const orderById = compiledOnce((db, v: { companyId: CompanyId; id: WorkOrderId }) =>
  baseSelect(db, v.companyId).select(['w.form_data', 'w.requester_id']).where('w.id', '=', v.id),
);

/** One order of the company with its display names, or undefined (also when `visibility` hides it). */
export async function findOrder(db: Db, companyId: CompanyId, id: WorkOrderId, visibility?: Visibility) {
  if (!visibility || visibility.kind === 'company') return (await db.executeQuery(orderById(db, { companyId, id }))).rows[0];
  return baseSelect(db, companyId)
    .select(['w.form_data', 'w.requester_id'])
    .where('w.id', '=', id)
    .where((eb) => visibleTo(eb, companyId, visibility))
    .executeTakeFirst();
}

/** PostgreSQL: `orderById` with the name and review flag of its template, in one statement. */
function orderWithTemplate(db: Db, companyId: CompanyId, id: WorkOrderId) {
  return baseSelect(db, companyId)
    .leftJoin('templates as t', (j) => j.on('t.company_id', '=', companyId).onRef('t.id', '=', 'w.template_id'))
    .select(['w.form_data', 'w.requester_id', 't.name as template_name', 't.needs_review as template_needs_review'])
    .select([recordsJson().as('records_json'), authEpochColumn().as('auth_epoch')])
    .where('w.id', '=', id);
}
const orderWithTemplateById = compiledOnce((db, v: { companyId: CompanyId; id: WorkOrderId }) => orderWithTemplate(db, v.companyId, v.id));

/**
 * `findOrder` with the schema (parsed, frozen), name and review flag of the template version
 * the order was made with (schema null when that version is not found), and its history,
 * oldest first: the detail page's order. On PostgreSQL one statement once the schema is
 * known (`knownSchema`), carrying the history as JSON and the auth epoch read in its
 * snapshot (`epoch`, which the detail confirms its assumed epoch with; docs/design.md, "One
 * statement a detail"), where a round trip costs more than the join (detail +9 % req/s for
 * the template). Three on SQLite, where the joined statement made the detail 9 % slower under
 * load (2,140 against 2,350 req/s, two A/B runs).
 */
export async function findOrderDetail(db: Db, companyId: CompanyId, id: WorkOrderId, visibility?: Visibility) {
  if (!isPostgres(db)) {
    const order = await findOrder(db, companyId, id, visibility);
    if (!order) return undefined;
    const v = await findTemplateVersion(db, companyId, order.template_id, order.template_version);
    const records = await listRecords(db, companyId, id);
    return {
      ...order,
      template_schema: v?.schema ?? null,
      template_name: v?.name ?? null,
      template_needs_review: v?.needs_review ?? null,
      records,
      epoch: undefined,
    };
  }
  const found =
    !visibility || visibility.kind === 'company'
      ? (await db.executeQuery(orderWithTemplateById(db, { companyId, id }))).rows[0]
      : await orderWithTemplate(db, companyId, id)
          .where((eb) => visibleTo(eb, companyId, visibility))
          .executeTakeFirst();
  if (!found) return undefined;
  const { records_json, auth_epoch, ...order } = found;
  const schema =
    knownSchema(db, companyId, order.template_id, order.template_version) ??
    (await findTemplateVersion(db, companyId, order.template_id, order.template_version))?.schema ??
    null;
  return { ...order, template_schema: schema, records: JSON.parse(records_json) as RecordRow[], epoch: Number(auth_epoch) };
}

const templateVersion = compiledOnce((db, v: { companyId: CompanyId; templateId: TemplateId; version: number }) =>
  db
    .selectFrom('template_versions as v')
    .innerJoin('templates as t', 't.id', 'v.template_id')
    .select(['v.schema', 'v.version', 't.id', 't.name', 't.needs_review', 't.is_automatic'])
    .where('v.company_id', '=', v.companyId)
    .where('v.template_id', '=', v.templateId)
    .where('v.version', '=', v.version),
);

/** A template's name and flags, without any version's schema. */
const templateHead = compiledOnce((db, v: { companyId: CompanyId; templateId: TemplateId }) =>
  db
    .selectFrom('templates as t')
    .select(['t.id', 't.name', 't.needs_review', 't.is_automatic'])
    .where('t.company_id', '=', v.companyId)
    .where('t.id', '=', v.templateId),
);

/**
 * Parsed schemas of template versions, per database handle, by `company:template:version`.
 * Safe without invalidation, also across processes: a version's row never changes once
 * written (templates/repo.ts inserts each new version; nothing updates or deletes one).
 * Parsing a 1.5 KB schema and reading it out of the database was ~10 % of a detail call's
 * CPU under load. A transaction's handle is never filled (`rememberSchema`), so it always
 * reads: a version it sees may yet roll back.
 */
const versionSchemas = new WeakMap<Db, Map<string, FormTemplate>>();
/** Schemas kept per handle; the first stored goes first when full. */
const MAX_SCHEMAS = 1000;

/** The cached schema of version `version` of the company's template, if this handle has read it. */
function knownSchema(db: Db, companyId: CompanyId, templateId: TemplateId, version: number): FormTemplate | undefined {
  return versionSchemas.get(db)?.get(`${companyId}:${templateId}:${version}`);
}

function rememberSchema(db: Db, companyId: CompanyId, templateId: TemplateId, version: number, schema: FormTemplate): void {
  if (db.isTransaction) return;
  let schemas = versionSchemas.get(db);
  if (!schemas) versionSchemas.set(db, (schemas = new BoundedMap<string, FormTemplate>(MAX_SCHEMAS)));
  schemas.set(`${companyId}:${templateId}:${version}`, schema);
}

/**
 * Version `version` of the company's template: its schema (parsed and deep-frozen: the same
 * object may serve many calls), name and flags, or undefined.
 */
export async function findTemplateVersion(db: Db, companyId: CompanyId, templateId: TemplateId, version: number) {
  const known = knownSchema(db, companyId, templateId, version);
  if (known) {
    const head = (await db.executeQuery(templateHead(db, { companyId, templateId }))).rows[0];
    return head && { ...head, version, schema: known };
  }
  const row = (await db.executeQuery(templateVersion(db, { companyId, templateId, version }))).rows[0];
  if (!row) return undefined;
  const schema = parsedTemplate(row.schema);
  rememberSchema(db, companyId, templateId, version, schema);
  return { ...row, schema };
}

/** Filters of the list call (core payload table) plus the "my work orders" narrowings. */
export type OrderFilters = Omit<WorkOrderListQuery, 'pageNo' | 'pageSize' | 'company_id'> & {
  /** Any of these statuses (when `status` is not given). */
  statuses?: readonly WorkOrderStatus[];
  creatorStaffId?: StaffId;
  /** Orders with a review (examine) record by this staff member. */
  reviewedBy?: StaffId;
  /** The member's data scope; absent = the whole company. */
  visibility?: Visibility;
};

/** The narrow scope of `f` as the participant counters read it, or undefined for the whole company. */
function scopeOf(f: OrderFilters) {
  const v = f.visibility;
  if (!v || v.kind === 'company') return undefined;
  return { staffId: v.staffId, applicationIds: v.kind === 'department' ? v.applicationIds : [] };
}

/** Whether only filters the participant counters answer are set (statuses and one application). */
function countable(f: OrderFilters): boolean {
  return !f.category_id && !f.handler_id && !f.created_from && !f.created_to && !f.keyword && !f.creatorStaffId && !f.reviewedBy;
}

/** Whether the company's counters give the total of `f` (at most a status tab, in a company-wide scope). */
function isSimple(f: OrderFilters): boolean {
  return !scopeOf(f) && !f.statuses && !f.application_id && countable(f);
}

/** The base select with every filter applied. */
function filtered(db: Db, companyId: CompanyId, f: OrderFilters) {
  let query = baseSelect(db, companyId);
  const scoped = f.visibility && f.visibility.kind !== 'company' ? f.visibility : undefined;
  if (scoped) query = query.where((eb) => visibleTo(eb, companyId, scoped));
  if (f.status) query = query.where('w.status', '=', f.status);
  else if (f.statuses) query = query.where('w.status', 'in', f.statuses);
  if (f.application_id) query = query.where('w.application_id', '=', f.application_id);
  if (f.category_id) query = query.where('w.category_id', '=', f.category_id);
  if (f.handler_id) query = query.where('w.handler_id', '=', f.handler_id);
  // UTC instants (the service's zonedFilters turns the user's days and offsets into them).
  if (f.created_from) query = query.where('w.created_at', '>=', f.created_from);
  if (f.created_to) query = query.where('w.created_at', '<=', f.created_to);
  if (f.creatorStaffId) query = query.where('w.creator_staff_id', '=', f.creatorStaffId);
  if (f.reviewedBy) {
    const by = f.reviewedBy;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('work_order_records as r')
          .select('r.id')
          .whereRef('r.work_order_id', '=', 'w.id')
          .where('r.company_id', '=', companyId)
          .where('r.actor_staff_id', '=', by)
          .where('r.action', 'in', REVIEWS),
      ),
    );
  }
  if (f.keyword) {
    const kw = parseKeyword(f.keyword);
    query = kw ? query.where((eb) => matching(eb, db, companyId, kw)) : query.where(sql<boolean>`1 = 0`);
  }
  return { query };
}

/** An order row as the list reads it (`baseSelect`). */
export type OrderListRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

/** A page of orders and the total matching. */
export interface OrderPage {
  rows: OrderListRow[];
  total: number;
  /** The total is a lower bound (keyword search counts so far past the page). */
  capped?: true;
  /** The auth epoch, when the page's statement read it (PostgreSQL, common case, a page not past the end). */
  epoch?: number;
}

/** A page of the company's orders, newest first, and the total matching. */
export async function listOrders(
  db: Db,
  companyId: CompanyId,
  q: OrderFilters & { pageNo: number; pageSize: number },
  opts: { exactCount?: boolean } & Pick<OrderFilters, 'creatorStaffId' | 'reviewedBy'> = {},
): Promise<OrderPage> {
  const f: OrderFilters = { ...q, creatorStaffId: opts.creatorStaffId, reviewedBy: opts.reviewedBy };
  const scope = scopeOf(f);
  if (scope && countable(f)) {
    // A narrow scope pages over its sources' indexes and totals from the counters.
    const statuses = f.status ? [f.status] : f.statuses;
    const ids = await scopedPageIds(db, companyId, scope, { statuses, applicationId: f.application_id }, q.pageSize, (q.pageNo - 1) * q.pageSize);
    const rows = await ordersByIds(db, companyId, ids);
    const counts = await scopedCounts(db, companyId, scope, { applicationId: f.application_id });
    const total = sumOf(counts, statuses ?? WORK_ORDER_STATUSES);
    return { rows, total };
  }
  if (f.keyword) return keywordPage(db, companyId, f, q);
  const limit = q.pageSize;
  const offset = (q.pageNo - 1) * q.pageSize;
  // The common case runs statements compiled once: no query is built for it.
  if (!isSimple(f) || opts.exactCount) {
    const { query } = filtered(db, companyId, f);
    const rows = await query.orderBy('w.id', 'desc').limit(limit).offset(offset).execute();
    const r = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(r.n) };
  }
  // The counters answer the common case (all, or one status tab) without scanning.
  const status = q.status;
  if (isPostgres(db)) {
    // In the page's own statement: a round trip less was 12 % more lists a second on
    // PostgreSQL, and 11 % fewer on SQLite (which scans the counters for the subquery).
    const found = (await db.executeQuery(status ? countedStatusPage(db, { companyId, status, limit, offset }) : countedPage(db, { companyId, limit, offset })))
      .rows;
    if (found.length)
      return {
        rows: found.map(({ counter_total: _, auth_epoch: __, ...row }) => row),
        total: Number(found[0].counter_total ?? 0),
        epoch: Number(found[0].auth_epoch),
      };
    // A page past the end has no row to carry the total.
    return { rows: [], total: await countIn(db, companyId, status) };
  }
  const rows = (await db.executeQuery(status ? statusPage(db, { companyId, status, limit, offset }) : newestPage(db, { companyId, limit, offset }))).rows;
  return { rows, total: await countIn(db, companyId, status) };
}

/** The values of a page of the company's newest orders, of one status when `status` is given. */
interface PageValues {
  companyId: CompanyId;
  limit: number;
  offset: number;
}
type StatusPageValues = PageValues & { status: WorkOrderStatus };

/** A page of the company's newest orders (of `v.status` when given). */
function newestOrders(db: Db, v: PageValues & { status?: WorkOrderStatus }) {
  const q = baseSelect(db, v.companyId);
  return (v.status === undefined ? q : q.where('w.status', '=', v.status)).orderBy('w.id', 'desc').limit(v.limit).offset(v.offset);
}

/** The list's common case, compiled once: a page of every status / of one status tab. */
const newestPage = compiledOnce((db, v: PageValues) => newestOrders(db, v));
const statusPage = compiledOnce((db, v: StatusPageValues) => newestOrders(db, v));

/**
 * PostgreSQL: the same pages, each row carrying the counters' total (`counter_total`) and the
 * auth epoch read in the page's snapshot (`auth_epoch`: the list confirms the epoch it
 * assumed with it, docs/design.md "Assumed epoch").
 */
const countedPage = compiledOnce((db, v: PageValues) =>
  newestOrders(db, v).select([counterSum(db, v).$asScalar().as('counter_total'), authEpochColumn().as('auth_epoch')]),
);
const countedStatusPage = compiledOnce((db, v: StatusPageValues) =>
  newestOrders(db, v).select([counterSum(db, v).$asScalar().as('counter_total'), authEpochColumn().as('auth_epoch')]),
);

/** The sum of `counts` over `statuses`. */
function sumOf(counts: Record<WorkOrderStatus, number>, statuses: readonly WorkOrderStatus[]) {
  return statuses.reduce((s, st) => s + counts[st], 0);
}

/**
 * The sum (column `n`) of the company's counter stripes (alias `sc`), of `v.status` when
 * given: a counter is the sum of its stripes (repo.ts bumpCount).
 */
function counterSum(db: Db, v: { companyId: CompanyId; status?: WorkOrderStatus }) {
  const q = db
    .selectFrom('work_order_status_counts as sc')
    .select((eb) => eb.fn.sum<number>('sc.count').as('n'))
    .where('sc.company_id', '=', v.companyId);
  return v.status === undefined ? q : q.where('sc.status', '=', v.status);
}
const companyCounted = compiledOnce((db, v: { companyId: CompanyId }) => counterSum(db, v));
const statusCounted = compiledOnce((db, v: { companyId: CompanyId; status: WorkOrderStatus }) => counterSum(db, v));

/**
 * Live orders in `status` (every status when absent) that `visibility` lets a member see
 * (the whole company when absent): from the company's counters, one indexed read and a
 * sum, no grouping; from the participant counters for a narrower scope. The list's total
 * and the reminder's count. A status never used counts 0.
 */
export async function countIn(db: Db, companyId: CompanyId, status?: WorkOrderStatus, visibility?: Visibility): Promise<number> {
  const scope = scopeOf({ visibility });
  if (scope) return sumOf(await scopedCounts(db, companyId, scope), status ? [status] : WORK_ORDER_STATUSES);
  const query = status ? statusCounted(db, { companyId, status }) : companyCounted(db, { companyId });
  const r = (await db.executeQuery(query)).rows[0];
  return Number(r?.n ?? 0);
}

const statusCountedWithEpoch = compiledOnce((db, v: { companyId: CompanyId; status: WorkOrderStatus }) =>
  counterSum(db, v).select(authEpochColumn().as('auth_epoch')),
);

/**
 * `countIn` of one status with, on PostgreSQL and for the whole company, the auth epoch read
 * in the count's own statement (`epoch`, which the reminder confirms its assumed epoch
 * with: a round trip less; docs/design.md, "Assumed epoch"). Undefined elsewhere.
 */
export async function countWithEpoch(db: Db, companyId: CompanyId, status: WorkOrderStatus, visibility?: Visibility): Promise<{ n: number; epoch?: number }> {
  if (!isPostgres(db) || scopeOf({ visibility })) return { n: await countIn(db, companyId, status, visibility) };
  const r = (await db.executeQuery(statusCountedWithEpoch(db, { companyId, status }))).rows[0];
  return { n: Number(r.n ?? 0), epoch: Number(r.auth_epoch) };
}

/**
 * The company's live orders of `ids`, newest first (a page whose ids were read apart: a
 * keyword search, a narrow scope). Compiled once with the ids as one value, a JSON array on
 * SQLite and an array on PostgreSQL, where an `in` list of them was a query built and
 * compiled anew on every call (docs/design.md, "Compiled once").
 */
async function ordersByIds(db: Db, companyId: CompanyId, ids: readonly WorkOrderId[]): Promise<OrderListRow[]> {
  if (!ids.length) return [];
  return (await db.executeQuery(ordersOfIds(db, { companyId, ids: isPostgres(db) ? ids : JSON.stringify(ids) }))).rows;
}
const ordersOfIds = compiledOnce((db, v: { companyId: CompanyId; ids: string | readonly WorkOrderId[] }) =>
  baseSelect(db, v.companyId)
    .where(isPostgres(db) ? sql<boolean>`w.id = any(${v.ids}::int[])` : sql<boolean>`w.id in (select value from json_each(${v.ids}))`)
    .orderBy('w.id', 'desc'),
);

/**
 * A page of a keyword search (docs/design.md, "Keyword search") and its total, counted up
 * to `KEYWORD_LOOKAHEAD` matches past the page's end (then `capped`: at least that many).
 * Both databases read the matches newest first, so the cost follows the matches read, not
 * how common the words are. The common search is one statement of the page and the count
 * (`sqlitePage` on SQLite, with at most a status tab; `postingsPage` on PostgreSQL, for any
 * keyword with an exact term); otherwise the ids read once give the page and the total.
 */
async function keywordPage(db: Db, companyId: CompanyId, f: OrderFilters, q: { pageNo: number; pageSize: number }) {
  const kw = parseKeyword(f.keyword!);
  if (!kw) return { rows: [], total: 0 };
  const offset = (q.pageNo - 1) * q.pageSize;
  const horizon = offset + q.pageSize + KEYWORD_LOOKAHEAD;
  const simple = isSimple({ ...f, keyword: undefined });
  if (!isPostgres(db) && simple) return sqlitePage(db, companyId, f.status, ftsQuery(companyId, kw), { horizon, limit: q.pageSize, offset });
  if (isPostgres(db) && kw.exact.length) {
    const page = await postingsPage(db, companyId, keywordAlone(f) ? null : f, kw, { upTo: horizon + 1, limit: q.pageSize, offset });
    if (page) return { ...page, ...keywordTotal(page.matched, horizon) };
  }
  const found = await keywordMatches(db, companyId, f, kw, horizon + 1);
  const ids = found.map((r) => r.id);
  const rows = await ordersByIds(db, companyId, ids.slice(offset, offset + q.pageSize));
  const read = found[0]?.auth_epoch;
  const epoch = read === undefined || read === null ? {} : { epoch: Number(read) };
  return { rows, ...keywordTotal(ids.length, horizon), ...epoch };
}

/**
 * PostgreSQL, a keyword with an exact term: the page's rows, the matches counted up to
 * `p.upTo` and the auth epoch in one statement, as `sqlitePage` on SQLite. The matches are
 * read once (a materialized CTE): from the postings alone for the keyword alone
 * (`filters` null), else the orders of `filters` joined to them (`exactMatches`); the
 * page's slice of them is taken before its rows are joined, so only the page's orders are
 * read. Null when the page has no row (past the end, or no match: `keywordMatches` then
 * counts). Read as ids and then rows, a search was two round trips, each ~100 us of the
 * server's syscalls on this project's machine (docs/design.md, "Keyword search", with the figures).
 */
async function postingsPage(db: Db, companyId: CompanyId, filters: OrderFilters | null, kw: SearchQuery, p: PageBounds) {
  // Only the keyword alone has one plan for every company and term (the postings' key, then
  // the orders' by id): with other filters the best plan depends on their values, so
  // PostgreSQL plans each run, given them all.
  const literal = !filters && p.offset < LITERAL_PAGES * p.limit;
  const query =
    !filters && kw.exact.length === 1 && !kw.prefix.length
      ? literal
        ? termPageWithin(p)(db, { companyId, term: kw.exact[0] })
        : termPage(db, { companyId, term: kw.exact[0], ...p })
      : postingsPageOf(db, companyId, kw, literal ? literalBounds(p) : p, filters).compile();
  const found = (await db.executeQuery(query)).rows;
  if (!found.length) return null;
  return {
    rows: found.map(({ matched: _m, auth_epoch: _e, ...row }) => row),
    matched: Number(found[0].matched),
    epoch: Number(found[0].auth_epoch),
  };
}

/** A page of matches: the first `upTo` matches read, `limit` of them after `offset` shown. */
interface PageBounds {
  upTo: number;
  limit: number;
  offset: number;
}

/**
 * Pages up to this one carry their bounds in the statement's text, not as parameters:
 * PostgreSQL plans a statement whose LIMIT is a parameter on every run (its generic plan
 * is costed for a tenth of the rows and never chosen: 0.2-0.3 ms of planning against
 * 0.1-0.2 ms of running, at 1M orders), and one with fixed bounds once. One text per page
 * size and page, so only the first few pages, the ones people open, get their own.
 */
const LITERAL_PAGES = 5;

const literalBounds = (p: PageBounds) => ({ upTo: sql.lit(p.upTo), limit: sql.lit(p.limit), offset: sql.lit(p.offset) });

/** Whether `f` asks for the keyword alone: the company's orders, no other filter, no status tab. */
function keywordAlone(f: OrderFilters): boolean {
  return isSimple({ ...f, keyword: undefined }) && !f.status;
}

/**
 * PostgreSQL: the ids (`id`) of the `limit` newest orders matching `kw`, which has an exact
 * term, read from its postings (search-repo.ts `postingsOf`): alone when `filters` is null
 * (a soft delete removes an order's postings, so every posting is a listed order), else
 * joined to the orders of `filters`.
 */
function exactMatches(db: Db, companyId: CompanyId, filters: OrderFilters | null, kw: SearchQuery, limit: number | RawBuilder<number>) {
  const postings = postingsOf(db, companyId, kw).select('p.work_order_id as id');
  return filters
    ? idsWithoutKeyword(db, companyId, filters).innerJoin(postings.as('p'), 'p.id', 'w.id').orderBy('w.id', 'desc').limit(limit)
    : postings.orderBy('p.work_order_id', 'desc').limit(limit);
}

/** The statement of `postingsPage`, its bounds as parameters or (`literalBounds`) written into its text. */
function postingsPageOf(db: Db, companyId: CompanyId, kw: SearchQuery, p: PageBounds | ReturnType<typeof literalBounds>, filters: OrderFilters | null = null) {
  return db
    .with(
      (cte) => cte('m').materialized(),
      () => exactMatches(db, companyId, filters, kw, p.upTo),
    )
    .selectFrom((eb) => eb.selectFrom('m').select('m.id').orderBy('m.id', 'desc').limit(p.limit).offset(p.offset).as('pg'))
    .innerJoin('work_orders as w', 'w.id', 'pg.id')
    .select(ORDER_COLUMNS)
    .select([sql<number>`(select count(*) from m)`.as('matched'), authEpochColumn().as('auth_epoch')])
    .where((eb) => liveOrder(eb, companyId))
    .orderBy('w.id', 'desc');
}
/** One exact term, a deep page: its bounds as parameters. */
const termPage = compiledOnce((db, v: { companyId: CompanyId; term: string } & PageBounds) =>
  postingsPageOf(db, v.companyId, { exact: [v.term], prefix: [] }, v),
);
/** One exact term, one of the first pages: compiled once per page size and page (at most 64 kept). */
const termPagesWithin = new BoundedMap<string, ReturnType<typeof termPageOfBounds>>(64);
const termPageOfBounds = (p: PageBounds) =>
  compiledOnce((db, v: { companyId: CompanyId; term: string }) => postingsPageOf(db, v.companyId, { exact: [v.term], prefix: [] }, literalBounds(p)));
function termPageWithin(p: PageBounds) {
  const key = `${p.upTo}/${p.limit}/${p.offset}`;
  let page = termPagesWithin.get(key);
  if (!page) termPagesWithin.set(key, (page = termPageOfBounds(p)));
  return page;
}

/** The total of a keyword search that counted `matched` matches up to `horizon` + 1: past `horizon`, at least `horizon`. */
function keywordTotal(matched: number, horizon: number): Pick<OrderPage, 'total' | 'capped'> {
  return matched > horizon ? { total: horizon, capped: true } : { total: matched };
}

/**
 * SQLite, the common search (no filter but the keyword and maybe a status tab): the page's
 * rows and the matches counted up to `horizon` + 1 in one statement, the page's matches
 * read from the index in rowid order. An empty page (past the end, or no match at all)
 * has no row to bring the count, which is then asked alone. Read as ids and then rows
 * (`ordersByIds`), a search was two statements, 121 match objects made in JS and a JSON
 * array of the page's ids; in one it is ~20 % less SQLite time (docs/design.md, "Keyword
 * search").
 */
async function sqlitePage(
  db: Db,
  companyId: CompanyId,
  status: WorkOrderStatus | undefined,
  match: string,
  p: { horizon: number; limit: number; offset: number },
): Promise<OrderPage> {
  const v = { companyId, match, upTo: p.horizon + 1 };
  const window = { limit: p.limit, offset: p.offset };
  const found = (await db.executeQuery(status ? keywordStatusPage(db, { ...v, ...window, status }) : keywordCompanyPage(db, { ...v, ...window }))).rows;
  if (found.length) return { rows: found.map(({ matched: _, ...row }) => row), ...keywordTotal(found[0].matched, p.horizon) };
  const counted = (await db.executeQuery(status ? statusMatchCount(db, { ...v, status }) : companyMatchCount(db, { match, upTo: v.upTo }))).rows[0];
  return { rows: [], ...keywordTotal(counted.matched, p.horizon) };
}

/** The values of SQLite's common search: the company, its FTS5 text, how far to count, a status tab when given. */
interface MatchValues {
  companyId: CompanyId;
  match: string;
  upTo: number;
  status?: WorkOrderStatus;
}
/** `MatchValues` and the page asked: `limit` matches after `offset`. */
interface MatchPageValues extends MatchValues {
  limit: number;
  offset: number;
}

/** SQLite: the matches of `v.match` among the company's orders of `v.status`, counted up to `v.upTo`. */
function statusMatches(db: Db, v: Required<MatchValues>) {
  return sql<number>`(select count(*) from (${sqliteMatches(idsWithoutKeyword(db, v.companyId, { status: v.status }), v.match, v.upTo)}))`;
}

/** SQLite, the keyword and a status tab: a page of `v.limit` matches after `v.offset`, newest first, each row carrying `statusMatches` as `matched`. */
function keywordStatusPageOf(db: Db, v: Required<MatchPageValues>) {
  return baseSelect(db, v.companyId)
    .where('w.status', '=', v.status)
    .innerJoin(keywordStream(v.match), (j) => j.onRef('s.id', '=', 'w.id'))
    .select(statusMatches(db, v).as('matched'))
    .orderBy('s.id', 'desc')
    .limit(v.limit)
    .offset(v.offset);
}

/**
 * SQLite, the keyword alone: its first `v.upTo` matches, newest first, read from the index
 * once (a materialized CTE) and serving both the page and the count: a read of the index
 * pays for each of its segments, which a run of creates multiplies (docs/design.md, "Keyword
 * search", with the figures). The company is named by `match` (`companyTag`), and the index
 * holds only listed orders, so every match is a row of the page's company.
 */
function keywordCompanyPageOf(db: Db, v: Omit<MatchPageValues, 'status'>) {
  return db
    .with(
      (cte) => cte('m').materialized(),
      () => keywordNewest(v.match, v.upTo),
    )
    .selectFrom('work_orders as w')
    .innerJoin('m', 'm.id', 'w.id')
    .select(ORDER_COLUMNS)
    .select(sql<number>`(select count(*) from m)`.as('matched'))
    .where((eb) => liveOrder(eb, v.companyId))
    .orderBy('m.id', 'desc')
    .limit(v.limit)
    .offset(v.offset);
}
const keywordCompanyPage = compiledOnce((db, v: Omit<MatchPageValues, 'status'>) => keywordCompanyPageOf(db, v));
const keywordStatusPage = compiledOnce((db, v: Required<MatchPageValues>) => keywordStatusPageOf(db, v));
/** The count alone: the company is named by `match` (search-repo.ts `companyTag`). */
const companyMatchCount = compiledOnce((db, v: { match: string; upTo: number }) => db.selectNoFrom(keywordCount(v.match, v.upTo).as('matched')));
const statusMatchCount = compiledOnce((db, v: Required<MatchValues>) => db.selectNoFrom(statusMatches(db, v).as('matched')));

/** The ids of the orders matching every filter of `f` but its keyword (alias `w`, unordered). */
function idsWithoutKeyword(db: Db, companyId: CompanyId, f: OrderFilters) {
  return filtered(db, companyId, { ...f, keyword: undefined })
    .query.clearSelect()
    .select('w.id');
}

/**
 * PostgreSQL, a keyword of prefix words only: the `want` newest matches (with the auth
 * epoch) when the company's newest `want * KEYWORD_PROBE_PER_MATCH` orders (other filters
 * applied) hold that many, each order's terms read by its key; else null. A prefix most
 * orders share spans many terms (each phone number under "13800" is one), whose postings
 * come as a set of every match: 1.4 s at 1M orders from the GIN index that held them
 * before, 1.5 ms with this; a rarer prefix pays ~2 ms for looking here first.
 */
async function newestPrefixMatches(db: Db, companyId: CompanyId, f: OrderFilters, kw: SearchQuery, want: number) {
  const newest = idsWithoutKeyword(db, companyId, f)
    .orderBy('w.id', 'desc')
    .limit(want * KEYWORD_PROBE_PER_MATCH);
  const rows = await db
    .selectFrom(newest.as('n'))
    .select(['n.id', authEpochColumn().as('auth_epoch')])
    .where(termsMatch(sql.ref<WorkOrderId>('n.id'), kw))
    .orderBy('n.id', 'desc')
    .limit(want)
    .execute();
  return rows.length === want ? rows : null;
}

/**
 * The `limit` newest orders matching `f` and the keyword's terms `kw`, with the auth epoch
 * on PostgreSQL, a round trip less (docs/design.md, "Assumed epoch"; null on SQLite, where
 * reading it costs no round trip). SQLite, with a filter besides a status tab (the
 * common search is `sqlitePage`'s), joins the company's FTS5 matches in rowid order to the
 * filtered orders.
 * PostgreSQL reads a query with an exact term from its postings (`exactMatches`); a
 * query of prefix words alone looks through the newest orders first (`newestPrefixMatches`)
 * and, when they do not fill the page, asks the postings under each prefix as a set.
 */
async function keywordMatches(db: Db, companyId: CompanyId, f: OrderFilters, kw: SearchQuery, limit: number): Promise<KeywordMatch[]> {
  if (!isPostgres(db)) return sqliteMatches(idsWithoutKeyword(db, companyId, f), ftsQuery(companyId, kw), limit).execute();
  if (!kw.exact.length)
    return (
      (await newestPrefixMatches(db, companyId, f, kw, limit)) ??
      idsWithoutKeyword(db, companyId, f)
        .where((eb) => matching(eb, db, companyId, kw))
        .select(authEpochColumn().as('auth_epoch'))
        .orderBy('w.id', 'desc')
        .limit(limit)
        .execute()
    );
  // Reached with an exact term only when `postingsPage` found the page empty: the matches counted.
  return db
    .selectFrom(exactMatches(db, companyId, keywordAlone(f) ? null : f, kw, limit).as('x'))
    .select(['x.id', authEpochColumn().as('auth_epoch')])
    .orderBy('x.id', 'desc')
    .execute();
}

/** SQLite: the `limit` newest of the orders `ids` (alias `w`) matching the FTS5 text `match`. */
function sqliteMatches(ids: ReturnType<typeof idsWithoutKeyword>, match: string, limit: number) {
  return ids
    .innerJoin(keywordStream(match), (j) => j.onRef('s.id', '=', 'w.id'))
    .select(sql<null>`null`.as('auth_epoch'))
    .orderBy('s.id', 'desc')
    .limit(limit);
}
/** An order matching a keyword search, with the auth epoch read beside it (PostgreSQL; null on SQLite). */
type KeywordMatch = { id: WorkOrderId; auth_epoch: number | string | null };

/** Matching orders with their form data, newest first, after `beforeId` (keyset paging for exports). */
export function orderBatch(db: Db, companyId: CompanyId, f: OrderFilters, beforeId: WorkOrderId | null, limit: number) {
  let { query } = filtered(db, companyId, f);
  if (beforeId !== null) query = query.where('w.id', '<', beforeId);
  return query.select(['w.form_data']).orderBy('w.id', 'desc').limit(limit).execute();
}

/**
 * Live order counts by status (zero for statuses never used): the company's counters, or
 * the participant counters for a narrower data scope.
 */
export async function statusCounts(db: Db, companyId: CompanyId, visibility?: Visibility): Promise<Record<WorkOrderStatus, number>> {
  const scope = scopeOf({ visibility });
  if (scope) return scopedCounts(db, companyId, scope);
  const rows = await counterSum(db, { companyId }).select('sc.status').groupBy('sc.status').execute();
  const out = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status as WorkOrderStatus] = Number(r.n ?? 0);
  return out;
}

/** Unassigned orders (visible ones) whose application or template is named `name` (the reminder's filter). */
export async function countUnassignedByName(db: Db, companyId: CompanyId, name: string, visibility?: Visibility): Promise<number> {
  let q = db
    .selectFrom('work_orders as w')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .innerJoin('templates as t', 't.id', 'w.template_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.company_id', '=', companyId)
    .where('w.status', '=', 'unassigned')
    .where('w.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.name', '=', name), eb('t.name', '=', name)]));
  if (visibility && visibility.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, visibility));
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}
