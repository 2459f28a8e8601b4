/**
 * SQL of positions (docs/design.md, "Organisation"): a name unique per company, a sort key
 * and a status; `used_by` is how many staff (not removed) hold the position. Bound with
 * `companyRepo`, reached through `forCompany(…).positions`.
 */
import type { CompanyId, PositionId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import type { NamedFilters, NamedValues } from './shared.ts';

function withUse(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('positions as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.sort',
      'p.status',
      'p.created_at',
      eb
        .selectFrom('staff as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.position_id', '=', 'p.id')
        .where('s.company_id', '=', companyId)
        .where('s.deleted_at', 'is', null)
        .as('used_by'),
    ])
    .where('p.company_id', '=', companyId);
}

/** A page of positions (sort, then id) and the total matching. */
async function list(db: Db, companyId: CompanyId, f: NamedFilters) {
  let q = withUse(db, companyId);
  if (f.keyword) q = q.where(contains('p.name', f.keyword));
  if (f.status !== undefined) q = q.where('p.status', '=', f.status);
  const rows = await q
    .orderBy('p.sort')
    .orderBy('p.id')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

function find(db: Db, companyId: CompanyId, id: PositionId) {
  return withUse(db, companyId).where('p.id', '=', id).executeTakeFirst();
}

/** Whether another position of the company (not `exceptId`) has `name`. */
async function nameTaken(db: Db, companyId: CompanyId, name: string, exceptId?: PositionId): Promise<boolean> {
  let q = db.selectFrom('positions').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

async function insert(db: Db, companyId: CompanyId, v: NamedValues, at: string): Promise<PositionId> {
  const row = await db
    .insertInto('positions')
    .values({ company_id: companyId, ...v, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function update(db: Db, companyId: CompanyId, id: PositionId, v: Partial<NamedValues>): Promise<void> {
  await db.updateTable('positions').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Staff (not removed) holding the position: what blocks its deletion. */
async function usage(db: Db, companyId: CompanyId, id: PositionId): Promise<{ staff: number }> {
  const r = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('position_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { staff: Number(r.n) };
}

/** Deletes the position; removed staff (kept for history) lose the link first, as the foreign key requires. */
async function remove(db: Db, companyId: CompanyId, id: PositionId): Promise<void> {
  await db
    .updateTable('staff')
    .set({ position_id: null })
    .where('company_id', '=', companyId)
    .where('position_id', '=', id)
    .where('deleted_at', 'is not', null)
    .execute();
  await db.deleteFrom('positions').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The position functions bound to one company (reached through `forCompany`). */
export const positionRepo = companyRepo({ list, find, nameTaken, insert, update, usage, remove });
