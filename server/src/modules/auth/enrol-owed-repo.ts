/**
 * The one rule of "two-factor required for administrators" (docs/design.md, "Two-factor
 * required for administrators"): an account owes a TOTP enrolment when it has none
 * confirmed and is an administrator (active, present staff row; active role with
 * `is_admin = 1`) of at least one active company whose `require_admin_2fa` is 1. A reset
 * password comes first (changing it signs out; the next sign-in owes the enrolment). It is
 * an SQL expression over `users`, so the session read takes it in the same query.
 */
import type { AliasableExpression, ExpressionBuilder } from 'kysely';
import type { UserId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

/** 1 when the account of `users.id` owes an enrolment, else 0 (a CASE: the same type on SQLite and PostgreSQL). */
export function enrolOwedExpr(e: ExpressionBuilder<DB, 'users'>): AliasableExpression<number> {
  const enrolled = e.selectFrom('user_totp as t').select('t.user_id').whereRef('t.user_id', '=', 'users.id').where('t.confirmed_at', 'is not', null);
  const adminOfRequiring = e
    .selectFrom('staff as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select('s.id')
    .whereRef('s.user_id', '=', 'users.id')
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('r.status', '=', 1)
    .where('r.is_admin', '=', 1)
    .where('c.status', '=', 1)
    .where('c.require_admin_2fa', '=', 1);
  return e
    .case()
    .when(e.and([e('users.must_change_password', '=', 0), e.not(e.exists(enrolled)), e.exists(adminOfRequiring)]))
    .then(1)
    .else(0)
    .end();
}

/** Whether the account owes an enrolment now (at sign-in, before its session is read). */
export async function isEnrolOwed(db: Db, userId: UserId): Promise<boolean> {
  const r = await db
    .selectFrom('users')
    .select((eb) => enrolOwedExpr(eb).as('owed'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return Number(r?.owed ?? 0) === 1;
}
