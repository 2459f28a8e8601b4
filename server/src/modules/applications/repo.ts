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

/**
 * An active application by its public key, with its company and current template.
 * This is the one lookup that starts from no company: the key itself names the company.
 */
export function findActiveByKey(db: Db, appKey: string) {
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
    .where('a.app_key', '=', appKey)
    .where('a.status', '=', 1)
    .where('co.status', '=', 1)
    .executeTakeFirst();
}
