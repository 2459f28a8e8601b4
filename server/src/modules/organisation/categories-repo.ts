/**
 * SQL of categories (docs/design.md, "Organisation"): a name unique per company, a sort key
 * and a status; `used_by` is how many applications and work orders (deleted ones too: they
 * keep their category for history) are in it. Bound with `companyRepo`, reached through
 * `forCompany(…).categories`.
 */
import type { CategoryId, CompanyId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import type { NamedFilters, NamedValues } from './shared.ts';

function withUse(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.sort',
      'c.status',
      'c.created_at',
      eb
        .selectFrom('applications as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.category_id', '=', 'c.id')
        .where('a.company_id', '=', companyId)
        .as('apps'),
      eb
        .selectFrom('work_orders as w')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('w.category_id', '=', 'c.id')
        .where('w.company_id', '=', companyId)
        .as('orders'),
    ])
    .where('c.company_id', '=', companyId);
}

type Row = { apps: number | string | null; orders: number | string | null };
const withUsedBy = <R extends Row>({ apps, orders, ...r }: R) => ({ ...r, used_by: Number(apps ?? 0) + Number(orders ?? 0) });

/** A page of categories (sort, then id) and the total matching. */
async function list(db: Db, companyId: CompanyId, f: NamedFilters) {
  let q = withUse(db, companyId);
  if (f.keyword) q = q.where(contains('c.name', f.keyword));
  if (f.status !== undefined) q = q.where('c.status', '=', f.status);
  const rows = await q
    .orderBy('c.sort')
    .orderBy('c.id')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(withUsedBy), total: Number(total.n) };
}

async function find(db: Db, companyId: CompanyId, id: CategoryId) {
  const row = await withUse(db, companyId).where('c.id', '=', id).executeTakeFirst();
  return row && withUsedBy(row);
}

/** Whether another category of the company (not `exceptId`) has `name`. */
async function nameTaken(db: Db, companyId: CompanyId, name: string, exceptId?: CategoryId): Promise<boolean> {
  let q = db.selectFrom('categories').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

async function insert(db: Db, companyId: CompanyId, v: NamedValues, at: string): Promise<CategoryId> {
  const row = await db
    .insertInto('categories')
    .values({ company_id: companyId, parent_id: 0, ...v, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function update(db: Db, companyId: CompanyId, id: CategoryId, v: Partial<NamedValues>): Promise<void> {
  await db.updateTable('categories').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Applications and work orders in the category: what blocks its deletion. */
async function usage(db: Db, companyId: CompanyId, id: CategoryId): Promise<{ applications: number; orders: number }> {
  const row = await withUse(db, companyId).where('c.id', '=', id).executeTakeFirst();
  return { applications: Number(row?.apps ?? 0), orders: Number(row?.orders ?? 0) };
}

async function remove(db: Db, companyId: CompanyId, id: CategoryId): Promise<void> {
  await db.deleteFrom('categories').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The category functions bound to one company (reached through `forCompany`). */
export const categoryRepo = companyRepo({ list, find, nameTaken, insert, update, usage, remove });
