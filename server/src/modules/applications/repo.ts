/** SQL of applications (service channels with a public link) and their current template. */
import type { Db } from '../../db/types.ts';

export async function listApplications(db: Db, companyId: number, page: { pageNo: number; pageSize: number }) {
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .leftJoin('categories as c', 'c.id', 'a.category_id')
    .select([
      'a.id',
      'a.name',
      'a.description',
      'a.app_key',
      'a.template_id',
      't.name as template_name',
      'a.category_id',
      'c.name as category_name',
      'a.status',
      'a.created_at',
    ])
    .where('a.company_id', '=', companyId)
    .orderBy('a.id')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  const total = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

function activeApplications(db: Db) {
  return db
    .selectFrom('applications as a')
    .innerJoin('companies as co', 'co.id', 'a.company_id')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .select([
      'a.id',
      'a.company_id',
      'a.name',
      'a.description',
      'a.app_key',
      'a.category_id',
      'co.name as company_name',
      't.id as template_id',
      't.name as template_name',
      't.version as template_version',
      't.schema as template_schema',
      't.is_automatic',
      't.status as template_status',
    ])
    .where('a.status', '=', 1)
    .where('co.status', '=', 1);
}

/** An active application with its company and current template, as orders are created from it. */
export type ActiveApplication = NonNullable<Awaited<ReturnType<typeof findActiveApplication>>>;

/** An active application of the company by id. */
export function findActiveApplication(db: Db, companyId: number, applicationId: number) {
  return activeApplications(db).where('a.company_id', '=', companyId).where('a.id', '=', applicationId).executeTakeFirst();
}

/**
 * An active application by its public key. This is the one lookup that starts from no
 * company: the key itself names the company.
 */
export function findActiveByKey(db: Db, appKey: string) {
  return activeApplications(db).where('a.app_key', '=', appKey).executeTakeFirst();
}

/** Applications the staff member is bound to (may handle orders of). */
export function listBoundApplications(db: Db, companyId: number, staffId: number) {
  return db
    .selectFrom('application_staff as b')
    .innerJoin('applications as a', 'a.id', 'b.application_id')
    .select(['a.id', 'a.name', 'a.app_key', 'a.status'])
    .where('b.company_id', '=', companyId)
    .where('b.staff_id', '=', staffId)
    .orderBy('a.id')
    .execute();
}
