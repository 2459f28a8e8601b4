/**
 * SQL of the account centre (docs/design.md, "Account pages"): one person's account, their
 * memberships in every company and their own operation-log rows. Global reads by user id:
 * a person sees their own rows of every company they belong to.
 */
import type { UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';

export function accountOf(db: Db, userId: UserId) {
  return db.selectFrom('users').select(['username', 'nickname', 'avatar', 'email', 'phone', 'created_at']).where('id', '=', userId).executeTakeFirst();
}

/** The person's active memberships in active companies, with role, department and position. */
export function membershipsOf(db: Db, userId: UserId) {
  return db
    .selectFrom('staff as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('positions as p', 'p.id', 's.position_id')
    .select([
      'c.id as company_id',
      'c.name as company_name',
      's.name as staff_name',
      'r.name as role_name',
      'd.name as department_name',
      'p.name as position_name',
    ])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('c.status', '=', 1)
    .orderBy('c.id')
    .execute();
}

/** The person's newest `limit` operation-log rows, with the company's name (null for global rows). */
export function recentActivityOf(db: Db, userId: UserId, limit: number) {
  return db
    .selectFrom('operation_logs as l')
    .leftJoin('companies as c', 'c.id', 'l.company_id')
    .select(['l.id', 'l.module', 'l.action', 'l.target_type', 'l.target_id', 'l.ip', 'l.created_at', 'c.name as company_name'])
    .where('l.user_id', '=', userId)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
